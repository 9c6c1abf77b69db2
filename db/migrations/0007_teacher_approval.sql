ALTER TABLE `users` ADD `teacher_request` text;--> statement-breakpoint
CREATE INDEX `users_business_teacher_request_idx` ON `users` (`business_id`,`teacher_request`);--> statement-breakpoint
ALTER TABLE `admin_settings` ADD `teacher_registration` text DEFAULT 'Approval' NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_settings` ADD `default_role_level` integer DEFAULT 8 NOT NULL;