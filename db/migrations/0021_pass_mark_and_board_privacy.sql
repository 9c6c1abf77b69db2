ALTER TABLE `quizzes` ADD `pass_percentage` real;--> statement-breakpoint
ALTER TABLE `certificates` ADD `kind` text DEFAULT 'Completion' NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_settings` ADD `completion_certificate_below_pass` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `admin_settings` ADD `leader_board_for_students` text DEFAULT 'Anonymous' NOT NULL;