CREATE TABLE `certificates` (
	`code` text PRIMARY KEY NOT NULL,
	`attempt_id` integer NOT NULL,
	`business_id` integer NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`attempt_id`) REFERENCES `quiz_attempts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_attempt_id_unique` ON `certificates` (`attempt_id`);--> statement-breakpoint
CREATE INDEX `certificates_business_idx` ON `certificates` (`business_id`);--> statement-breakpoint
CREATE TABLE `question_votes` (
	`question_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`vote` integer NOT NULL,
	`voted_at` integer NOT NULL,
	PRIMARY KEY(`question_id`, `student_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "question_votes_vote_ck" CHECK("question_votes"."vote" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE `quiz_extra_time` (
	`quiz_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`factor` real NOT NULL,
	`granted_by` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`quiz_id`, `student_id`),
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "quiz_extra_time_factor_ck" CHECK("quiz_extra_time"."factor" > 1 and "quiz_extra_time"."factor" <= 3)
);
