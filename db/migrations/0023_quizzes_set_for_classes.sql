CREATE TABLE `quiz_classes` (
	`quiz_id` integer NOT NULL,
	`class_id` integer NOT NULL,
	`start_timestamp` integer,
	`end_timestamp` integer,
	`time` integer,
	`attempts_allowed` integer,
	`password` text,
	PRIMARY KEY(`quiz_id`, `class_id`),
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_classes_class_idx` ON `quiz_classes` (`class_id`);--> statement-breakpoint
CREATE TABLE `quiz_overrides` (
	`quiz_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`start_timestamp` integer,
	`end_timestamp` integer,
	`time` integer,
	`attempts_allowed` integer,
	`set_by` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`quiz_id`, `student_id`),
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`set_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quiz_overrides_student_idx` ON `quiz_overrides` (`student_id`);--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `ends_at` integer;