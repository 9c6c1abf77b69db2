CREATE TABLE `lti_contexts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`deployment_id` text NOT NULL,
	`context_id` text NOT NULL,
	`title` text,
	`class_id` integer NOT NULL,
	`memberships_url` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_contexts_platform_deployment_context_uq` ON `lti_contexts` (`platform_id`,`deployment_id`,`context_id`);--> statement-breakpoint
CREATE INDEX `lti_contexts_class_idx` ON `lti_contexts` (`class_id`);--> statement-breakpoint
CREATE TABLE `lti_deployments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`deployment_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_deployments_platform_deployment_uq` ON `lti_deployments` (`platform_id`,`deployment_id`);--> statement-breakpoint
CREATE TABLE `lti_grade_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`resource_link_row_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`attempt_id` integer,
	`payload` text NOT NULL,
	`state` text NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`next_try_at` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`resource_link_row_id`) REFERENCES `lti_resource_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attempt_id`) REFERENCES `quiz_attempts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_grade_sends_link_user_uq` ON `lti_grade_sends` (`resource_link_row_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `lti_grade_sends_state_next_idx` ON `lti_grade_sends` (`state`,`next_try_at`);--> statement-breakpoint
CREATE TABLE `lti_platforms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`name` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`auth_login_url` text NOT NULL,
	`auth_token_url` text NOT NULL,
	`auth_token_audience` text,
	`key_set_url` text NOT NULL,
	`registered_by` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_platforms_issuer_client_uq` ON `lti_platforms` (`issuer`,`client_id`);--> statement-breakpoint
CREATE INDEX `lti_platforms_business_idx` ON `lti_platforms` (`business_id`);--> statement-breakpoint
CREATE TABLE `lti_resource_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`context_row_id` integer,
	`resource_link_id` text NOT NULL,
	`quiz_id` integer NOT NULL,
	`line_item_url` text,
	`line_items_url` text,
	`ags_scopes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`context_row_id`) REFERENCES `lti_contexts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_resource_links_platform_link_uq` ON `lti_resource_links` (`platform_id`,`resource_link_id`);--> statement-breakpoint
CREATE INDEX `lti_resource_links_quiz_idx` ON `lti_resource_links` (`quiz_id`);--> statement-breakpoint
CREATE TABLE `lti_tool_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kid` text NOT NULL,
	`alg` text NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	`retired_at` integer,
	`expires_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_tool_keys_kid_uq` ON `lti_tool_keys` (`kid`);--> statement-breakpoint
CREATE TABLE `lti_used_nonces` (
	`platform_id` integer NOT NULL,
	`nonce` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_used_nonces_platform_nonce_uq` ON `lti_used_nonces` (`platform_id`,`nonce`);--> statement-breakpoint
CREATE INDEX `lti_used_nonces_expires_idx` ON `lti_used_nonces` (`expires_at`);--> statement-breakpoint
CREATE TABLE `lti_users` (
	`platform_id` integer NOT NULL,
	`sub` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_users_platform_sub_uq` ON `lti_users` (`platform_id`,`sub`);--> statement-breakpoint
CREATE INDEX `lti_users_user_idx` ON `lti_users` (`user_id`);