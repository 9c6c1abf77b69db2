CREATE TABLE `lti_deep_link_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`business_id` integer NOT NULL,
	`platform_id` integer NOT NULL,
	`deployment_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`settings` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`platform_id`) REFERENCES `lti_platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lti_deep_link_requests_token_uq` ON `lti_deep_link_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `lti_deep_link_requests_expires_idx` ON `lti_deep_link_requests` (`expires_at`);