CREATE TABLE `offline_payment_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`plan_id` integer,
	`plan_title` text NOT NULL,
	`price_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`interval` text NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`period_start` integer,
	`period_end` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `subscription_plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `offline_payment_requests_business_idx` ON `offline_payment_requests` (`business_id`,`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `offline_payment_requests_pending_uq` ON `offline_payment_requests` (`user_id`,`plan_id`) WHERE "offline_payment_requests"."status" = 'Pending';