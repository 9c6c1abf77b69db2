-- A certificate keeps what it attests as it was when issued (docs/decisions/0033). SQLite adds a
-- NOT NULL column only with a default, so each comes with a placeholder default that the UPDATE
-- below replaces for every existing row with the values it showed until now (the current names,
-- the attempt's percentage and completion time, the school's name); the app always sets them.
ALTER TABLE `certificates` ADD `student_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `certificates` ADD `quiz_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `certificates` ADD `percentage` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `certificates` ADD `completed_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `certificates` ADD `issuer` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `certificates` SET
	`student_name` = coalesce((SELECT `u`.`fullname` FROM `quiz_attempts` `a` JOIN `users` `u` ON `u`.`id` = `a`.`student_id` WHERE `a`.`id` = `certificates`.`attempt_id`), ''),
	`quiz_name` = coalesce((SELECT `q`.`quiz_name` FROM `quiz_attempts` `a` JOIN `quizzes` `q` ON `q`.`id` = `a`.`quiz_id` WHERE `a`.`id` = `certificates`.`attempt_id`), ''),
	`percentage` = coalesce((SELECT `a`.`percentage` FROM `quiz_attempts` `a` WHERE `a`.`id` = `certificates`.`attempt_id`), 0),
	`completed_at` = coalesce((SELECT `a`.`submitted_at` FROM `quiz_attempts` `a` WHERE `a`.`id` = `certificates`.`attempt_id`), `certificates`.`issued_at`),
	`issuer` = coalesce((SELECT `b`.`name` FROM `businesses` `b` WHERE `b`.`id` = `certificates`.`business_id`), '');
