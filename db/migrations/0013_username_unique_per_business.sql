-- Issue 25, point 16 (docs/decisions/0060): one username per business without regard to case.
-- Registration never checked usernames, so a database may already hold `teacher` and `TEACHER`
-- (or two `ann`) in one business: the oldest account keeps the name, each later one becomes
-- `<name>-<its id>` (ids are unique, so the new names are too unless someone already chose
-- exactly that name) and can change it on its profile page.
UPDATE `users` SET `username` = `username` || '-' || `id`
WHERE `id` NOT IN (SELECT min(`id`) FROM `users` GROUP BY `business_id`, lower(`username`));
--> statement-breakpoint
CREATE UNIQUE INDEX `users_business_username_lower_uq` ON `users` (`business_id`,lower("username"));
