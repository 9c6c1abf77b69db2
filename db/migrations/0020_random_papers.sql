ALTER TABLE `quiz_questions` ADD `in_draws` text;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `draws` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `shuffle_questions` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `paper` text;