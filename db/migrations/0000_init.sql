CREATE TABLE `businesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `departments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `departments_business_name_uq` ON `departments` (`business_id`,`name`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`code` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_business_code_uq` ON `profiles` (`business_id`,`code`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`department_id` integer,
	`email` text NOT NULL,
	`username` text NOT NULL,
	`fullname` text NOT NULL,
	`password_hash` text,
	`user_type` text NOT NULL,
	`profile` integer NOT NULL,
	`role_level` integer DEFAULT 4 NOT NULL,
	`pic` text,
	`subscription_id` integer,
	`oidc_subject` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "users_email_lower_ck" CHECK("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_level_ck" CHECK("users"."role_level" between 0 and 8)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_oidc_subject_uq` ON `users` (`oidc_subject`);--> statement-breakpoint
CREATE INDEX `users_business_fullname_idx` ON `users` (`business_id`,`fullname`);--> statement-breakpoint
CREATE INDEX `users_business_type_idx` ON `users` (`business_id`,`user_type`);--> statement-breakpoint
CREATE TABLE `modules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`module_id` text NOT NULL,
	`name` text NOT NULL,
	`identifier` text NOT NULL,
	`url` text NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `modules_business_module_uq` ON `modules` (`business_id`,`module_id`);--> statement-breakpoint
CREATE TABLE `api_key_pairs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`public_key` text NOT NULL,
	`private_key_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_key_pairs_public_key_uq` ON `api_key_pairs` (`public_key`);--> statement-breakpoint
CREATE INDEX `api_key_pairs_user_idx` ON `api_key_pairs` (`user_id`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_started_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_token_hash_uq` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`family_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`replaced_by_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`replaced_by_id`) REFERENCES `refresh_tokens`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_token_hash_uq` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_idx` ON `refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_user_idx` ON `refresh_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_business_name_uq` ON `categories` (`business_id`,`name`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `courses_business_name_idx` ON `courses` (`business_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `courses_category_name_uq` ON `courses` (`category_id`,`name`);--> statement-breakpoint
CREATE TABLE `question_tags` (
	`question_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`question_id`, `tag_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `question_tags_tag_idx` ON `question_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_business_name_uq` ON `tags` (`business_id`,`name`);--> statement-breakpoint
CREATE TABLE `question_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`position` integer NOT NULL,
	`option_text` text NOT NULL,
	`is_correct` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "question_options_position_ck" CHECK("question_options"."position" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `question_options_question_position_uq` ON `question_options` (`question_id`,`position`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`teacher_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`question_text` text NOT NULL,
	`question_image` text,
	`explanation_image` text,
	`option_type` text NOT NULL,
	`answer_explanation` text DEFAULT '' NOT NULL,
	`question_ratings` text,
	`thumbs_up_count` integer DEFAULT 0 NOT NULL,
	`thumbs_down_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `questions_business_category_course_text_idx` ON `questions` (`business_id`,`category_id`,`course_id`,`question_text`);--> statement-breakpoint
CREATE INDEX `questions_business_teacher_idx` ON `questions` (`business_id`,`teacher_id`);--> statement-breakpoint
CREATE TABLE `quiz_questions` (
	`quiz_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`quiz_id`, `question_id`),
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `quiz_questions_question_idx` ON `quiz_questions` (`question_id`);--> statement-breakpoint
CREATE TABLE `quiz_sources` (
	`quiz_id` integer NOT NULL,
	`source_quiz_id` integer NOT NULL,
	PRIMARY KEY(`quiz_id`, `source_quiz_id`),
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quiz_sources_not_self_ck" CHECK("quiz_sources"."quiz_id" <> "quiz_sources"."source_quiz_id")
);
--> statement-breakpoint
CREATE INDEX `quiz_sources_source_idx` ON `quiz_sources` (`source_quiz_id`);--> statement-breakpoint
CREATE TABLE `quizzes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`teacher_id` integer NOT NULL,
	`quiz_type` text DEFAULT 'questions' NOT NULL,
	`quiz_name` text NOT NULL,
	`quiz_description` text NOT NULL,
	`category_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`level` text NOT NULL,
	`total_question` integer NOT NULL,
	`is_premium` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'Draft' NOT NULL,
	`start_timestamp` integer,
	`end_timestamp` integer,
	`allow_skip` integer DEFAULT false NOT NULL,
	`take_best_score` integer DEFAULT false NOT NULL,
	`show_answer` integer DEFAULT true NOT NULL,
	`negative_marking` integer DEFAULT false NOT NULL,
	`attempts_allowed` integer DEFAULT 1 NOT NULL,
	`quiz_time_type` text DEFAULT 'Quiz' NOT NULL,
	`time` integer DEFAULT 1 NOT NULL,
	`consecutive_wrong_answers_for_negative_marking` integer DEFAULT 0 NOT NULL,
	`password` text DEFAULT '' NOT NULL,
	`profiles` text DEFAULT '[]' NOT NULL,
	`departments` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "quizzes_date_range_ck" CHECK("quizzes"."start_timestamp" is null or "quizzes"."end_timestamp" is null or "quizzes"."start_timestamp" <= "quizzes"."end_timestamp"),
	CONSTRAINT "quizzes_time_ck" CHECK("quizzes"."time" = -1 or "quizzes"."time" > 0),
	CONSTRAINT "quizzes_attempts_ck" CHECK("quizzes"."attempts_allowed" >= 1)
);
--> statement-breakpoint
CREATE INDEX `quizzes_business_name_idx` ON `quizzes` (`business_id`,`quiz_name`);--> statement-breakpoint
CREATE INDEX `quizzes_business_teacher_idx` ON `quizzes` (`business_id`,`teacher_id`);--> statement-breakpoint
CREATE INDEX `quizzes_business_category_course_idx` ON `quizzes` (`business_id`,`category_id`,`course_id`);--> statement-breakpoint
CREATE TABLE `attempt_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`attempt_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`position` integer NOT NULL,
	`selected_option_ids` text DEFAULT '[]' NOT NULL,
	`answer_status` text DEFAULT 'empty' NOT NULL,
	`is_correct` integer,
	`saved_at` integer NOT NULL,
	FOREIGN KEY (`attempt_id`) REFERENCES `quiz_attempts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attempt_answers_attempt_question_uq` ON `attempt_answers` (`attempt_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `quiz_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`quiz_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`attempt_number` integer NOT NULL,
	`exam_mode` text DEFAULT 'all' NOT NULL,
	`started_at` integer NOT NULL,
	`deadline_at` integer,
	`submitted_at` integer,
	`correct_answered` integer DEFAULT 0 NOT NULL,
	`negative_points` integer DEFAULT 0 NOT NULL,
	`percentage` real DEFAULT 0 NOT NULL,
	`time_taken` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`rating` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "quiz_attempts_rating_ck" CHECK("quiz_attempts"."rating" between 0 and 5),
	CONSTRAINT "quiz_attempts_attempt_number_ck" CHECK("quiz_attempts"."attempt_number" >= 1)
);
--> statement-breakpoint
CREATE INDEX `quiz_attempts_business_percentage_idx` ON `quiz_attempts` (`business_id`,`percentage`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_business_quiz_idx` ON `quiz_attempts` (`business_id`,`quiz_id`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_student_idx` ON `quiz_attempts` (`student_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_attempts_quiz_student_number_uq` ON `quiz_attempts` (`quiz_id`,`student_id`,`attempt_number`);--> statement-breakpoint
CREATE TABLE `quiz_ratings` (
	`quiz_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`quiz_id`, `student_id`),
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quiz_ratings_rating_ck" CHECK("quiz_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE `question_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`student_id` integer NOT NULL,
	`feedback_text` text NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `question_feedback_business_created_idx` ON `question_feedback` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `question_feedback_question_idx` ON `question_feedback` (`question_id`);--> statement-breakpoint
CREATE TABLE `admin_settings` (
	`business_id` integer PRIMARY KEY NOT NULL,
	`quiz_time_setting_allowed` integer DEFAULT true NOT NULL,
	`question_time_setting_allowed` integer DEFAULT true NOT NULL,
	`negative_marking_setting_allowed` integer DEFAULT true NOT NULL,
	`show_answer_setting_allowed` integer DEFAULT true NOT NULL,
	`password_quiz_setting_allowed` integer DEFAULT true NOT NULL,
	`internalization_setting_allowed` integer DEFAULT true NOT NULL,
	`enable_subscription` integer DEFAULT false NOT NULL,
	`maximum_role_level_for_teacher` integer DEFAULT 4 NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "admin_settings_role_level_ck" CHECK("admin_settings"."maximum_role_level_for_teacher" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_settings` (
	`business_id` integer PRIMARY KEY NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`card_publishable_key` text,
	`card_secret_key` text,
	`second_provider_public_key` text,
	`second_provider_private_key` text,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`plan_id` integer,
	`provider_customer_id` text,
	`provider_subscription_id` text,
	`checkout_session_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`current_period_end` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `subscription_plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_provider_subscription_uq` ON `subscribers` (`provider_subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_checkout_session_uq` ON `subscribers` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `subscribers_business_user_idx` ON `subscribers` (`business_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer NOT NULL,
	`title` text NOT NULL,
	`price_cents` integer NOT NULL,
	`interval` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`auto_charge` integer DEFAULT false NOT NULL,
	`provider_price_code` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "subscription_plans_price_ck" CHECK("subscription_plans"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `subscription_plans_business_idx` ON `subscription_plans` (`business_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_id` integer,
	`to_address` text NOT NULL,
	`from_address` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`tag` text,
	`provider` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `email_outbox_business_created_idx` ON `email_outbox` (`business_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `files` (
	`key` text PRIMARY KEY NOT NULL,
	`business_id` integer NOT NULL,
	`uploaded_by` integer,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `files_business_created_idx` ON `files` (`business_id`,`created_at`);