/**
 * The results benchmark's school, written in a few set-based statements (seconds, not
 * minutes): one business with a teacher who made 200 quizzes of 10 questions (four options
 * each), 2,000 students, and 20,000 finished attempts (100 per quiz, students retaking some),
 * every attempt with its 10 saved answers, graded like the server grades them (the attempt's
 * correct count and percentage come from the answers), over 120 days; and 2,000 feedback rows
 * in the three statuses. Each student has an ability, so strong students score higher and
 * item analysis has real signal to work on.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export const QUIZZES = 200;
export const QUESTIONS_PER_QUIZ = 10;
export const STUDENTS = 2_000;
export const ATTEMPTS = 20_000;
export const FEEDBACK = 2_000;
const CATEGORIES = 10;
const DAY_MS = 86_400_000;

/** `with recursive n(k)` counting 0 … count − 1. */
const numbers = (count: number) => sql.raw(`with recursive n(k) as (select 0 union all select k + 1 from n where k < ${count - 1})`);

export async function seedResults(db: Db, businessId: number, teacherId: number, passwordHash: string, opts: { quizzes?: number; attempts?: number; students?: number; tag?: string } = {}) {
  const quizzes = opts.quizzes ?? QUIZZES;
  const attempts = opts.attempts ?? ATTEMPTS;
  const students = opts.students ?? STUDENTS;
  const tag = opts.tag ?? "b";
  const start = Date.UTC(2026, 6, 1, 8, 0, 0);
  const now = Date.now();

  await db.run(sql`${numbers(CATEGORIES)} insert into categories (business_id, name) select ${businessId}, 'Subject ' || k from n`);
  await db.run(sql`insert into courses (business_id, category_id, name) select ${businessId}, id, 'Year ' || (id % 5 + 7) from categories where business_id = ${businessId}`);
  // Quiz k belongs to course k mod 10; its name varies so sorting and filtering by name do real work.
  await db.run(sql`${numbers(quizzes)},
    c as (select id, category_id, row_number() over (order by id) - 1 as r from courses where business_id = ${businessId})
    insert into quizzes (business_id, teacher_id, quiz_name, quiz_description, category_id, course_id, level, total_question, status, created_at, updated_at)
    select ${businessId}, ${teacherId}, 'Quiz ' || ((n.k * 131) % ${quizzes}) || ' ' || ${tag}, 'Benchmark quiz', c.category_id, c.id, 'Moderate', ${QUESTIONS_PER_QUIZ}, 'Published', ${now}, ${now}
    from n join c on c.r = n.k % ${CATEGORIES}`);
  await db.run(sql`${numbers(QUESTIONS_PER_QUIZ)}
    insert into questions (business_id, teacher_id, category_id, course_id, question_text, option_type, answer_explanation, created_at, updated_at)
    select ${businessId}, ${teacherId}, z.category_id, z.course_id, 'Question ' || n.k || ' of quiz ' || z.id, 'radio', '', ${now}, ${now}
    from quizzes z, n where z.business_id = ${businessId}`);
  // Four options; the right one at position (question id mod 4).
  await db.run(sql`insert into question_options (question_id, position, option_text, is_correct)
    select q.id, p.p, 'Option ' || p.p, p.p = q.id % 4 from questions q, (select 0 p union all select 1 union all select 2 union all select 3) p
    where q.business_id = ${businessId}`);
  await db.run(sql`insert into quiz_questions (quiz_id, question_id, position)
    select z.id, q.id, row_number() over (partition by z.id order by q.id) - 1
    from quizzes z join questions q on q.business_id = z.business_id and q.question_text like '% of quiz ' || z.id
    where z.business_id = ${businessId}`);
  await db.run(sql`${numbers(students)}
    insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
    select ${businessId}, 'student' || k || '-' || ${tag} || '@bench.test', 'student' || k || '-' || ${tag}, 'Student ' || ((k * 7919) % ${students}) || ' ' || char(65 + k % 26) || 'son', ${passwordHash}, 'Student', 4, 4, 1, ${now}, ${now} from n`);

  // Attempt k: quiz k mod Q, student 7k mod S (7 is prime to S), its number k div S + 1 (unique per quiz and student).
  await db.run(sql`${numbers(attempts)},
    z as (select id, row_number() over (order by id) - 1 as r from quizzes where business_id = ${businessId}),
    s as (select id, row_number() over (order by id) - 1 as r from users where business_id = ${businessId} and user_type = 'Student' and email like '%-' || ${tag} || '@bench.test')
    insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, exam_mode, started_at, deadline_at, submitted_at, time_taken, status)
    select ${businessId}, z.id, s.id, n.k / ${students} + 1, 'all',
      ${start} + (n.k % 120) * ${DAY_MS} + n.k * 1000, null, ${start} + (n.k % 120) * ${DAY_MS} + n.k * 1000 + 300000 + (n.k % 600) * 1000,
      300 + n.k % 600, case n.k % 5 when 0 then 'Accepted' when 1 then 'Rejected' else 'Pending' end
    from n join z on z.r = n.k % ${quizzes} join s on s.r = (n.k * 7) % ${students}`);
  // Each answer is right with the student's ability (35–89 %), else one of the three wrong options.
  await db.run(sql`insert into attempt_answers (attempt_id, question_id, position, selected_option_ids, answer_status, saved_at)
    select a.id, qq.question_id, qq.position,
      json_array(case when (a.id * 7919 + qq.position * 104729) % 100 < 35 + a.student_id % 55 then qq.question_id % 4 else (qq.question_id % 4 + 1 + (a.id + qq.position) % 3) % 4 end
        + (select min(o.id) from question_options o where o.question_id = qq.question_id)),
      'yes', a.submitted_at
    from quiz_attempts a join quiz_questions qq on qq.quiz_id = a.quiz_id
    where a.business_id = ${businessId} and a.quiz_id in (select id from quizzes where business_id = ${businessId})`);
  await db.run(sql`update quiz_attempts set
      correct_answered = (select count(*) from attempt_answers aa join question_options o on o.id = aa.selected_option_ids ->> '$[0]' where aa.attempt_id = quiz_attempts.id and o.is_correct = 1)
    where business_id = ${businessId}`);
  await db.run(sql`update quiz_attempts set percentage = correct_answered * 100.0 / ${QUESTIONS_PER_QUIZ} where business_id = ${businessId}`);
  await db.run(sql`${numbers(FEEDBACK)},
    q as (select id, row_number() over (order by id) - 1 as r from questions where business_id = ${businessId}),
    s as (select id, row_number() over (order by id) - 1 as r from users where business_id = ${businessId} and user_type = 'Student')
    insert into question_feedback (business_id, question_id, student_id, feedback_text, status, created_at)
    select ${businessId}, q.id, s.id, 'Feedback ' || n.k || ': the wording of this question is unclear', case n.k % 3 when 0 then 'Pending' when 1 then 'Accepted' else 'Rejected' end, ${start} + n.k * 60000
    from n join q on q.r = (n.k * 13) % (select count(*) from q) join s on s.r = (n.k * 11) % (select count(*) from s)`);
}
