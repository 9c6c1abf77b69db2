DROP INDEX `quiz_attempts_business_quiz_idx`;--> statement-breakpoint
CREATE INDEX `quiz_attempts_business_quiz_idx` ON `quiz_attempts` (`business_id`,`quiz_id`,`student_id`,`attempt_number`);