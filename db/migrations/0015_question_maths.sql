ALTER TABLE `question_options` ADD `option_html` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `question_html` text;