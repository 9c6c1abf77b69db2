ALTER TABLE `questions` ADD `answer_key` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `default_mark_hundredths` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `attempt_answers` ADD `answer` text;--> statement-breakpoint
ALTER TABLE `attempt_answers` ADD `fraction_e7` integer;--> statement-breakpoint
ALTER TABLE `attempt_answers` ADD `graded_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `attempt_answers` ADD `graded_at` integer;--> statement-breakpoint
ALTER TABLE `attempt_answers` ADD `grader_comment` text;--> statement-breakpoint
ALTER TABLE `attempt_answers` ADD `rubric_levels` text;--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `grading_status` text DEFAULT 'Graded' NOT NULL;--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `score_e7` integer;--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `total_mark_hundredths` integer;