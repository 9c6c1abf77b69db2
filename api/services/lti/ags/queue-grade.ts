import type { RawStatement } from "../../../../db/raw-batch";
import { gradeToWorkOut } from "./grade-to-work-out";

/** The grade that has just been written: the attempt, its answers' version after the write and, for a close, the time it was closed at. */
export interface GradeWritten {
  attemptId: number;
  answersVersion: number;
  /** A close's own `submitted_at` (the close's compare-and-set wins only once); absent for a grader's mark. */
  submittedAt?: number;
  /** The time of the grade (epoch ms): the score's timestamp. */
  at: number;
}

/**
 * Puts a student's grade in the LTI grade outbox (issue 29 point 4; ADR 0089) as one statement
 * that runs in the same batch, the same transaction, as the write that graded the attempt:
 * the close (close-attempt.ts: the submit, the deadline sweep) or a grader's mark
 * (grade-answer.ts). It follows that write and applies only while the attempt stands as that
 * write left it (closed at that time, at that answers' version), as the close's markings do
 * (store-markings.ts): a close that lost writes nothing, and the close and its outbox row land
 * together or not at all, with no round trip of their own.
 *
 * For a quiz no LMS links to, the statement finds the attempt by its primary key and no row in
 * the resource links' quiz index, and writes nothing. Otherwise it upserts one row per (link,
 * student) holding a "grade to work out" marker (grade-to-work-out.ts) rather than the score:
 * which attempt counts (best or latest) and the score of it are worked out by the sender
 * (send-grades.ts) with the rule results use, in one place. A newer grade replaces a waiting
 * row's marker and sends a sent one again.
 *
 * Links: those of the quiz on platforms of the attempt's own business where the student has a
 * `sub`; a quiz placed in two courses of one LMS sends to the course whose class holds the
 * student, and when none of that LMS's courses does (the launch did not enrol them), to each
 * (a course that does not know the student refuses the score, which the teacher sees as failed).
 */
export function queueGradeStatement(grade: GradeWritten): RawStatement {
  const closedAt = grade.submittedAt === undefined ? "" : "and a.submitted_at = ?";
  return {
    sql: `insert into lti_grade_sends (resource_link_row_id, user_id, attempt_id, payload, state, tries, next_try_at, created_at, updated_at)
      select l.id, a.student_id, a.id, ?, 'waiting', 0, ?, ?, ?
      from quiz_attempts a
      join lti_resource_links l on l.quiz_id = a.quiz_id
      join lti_platforms p on p.id = l.platform_id and p.business_id = a.business_id
      where a.id = ? and a.submitted_at is not null and a.answers_version = ? ${closedAt}
        and exists (select 1 from lti_users u where u.platform_id = l.platform_id and u.user_id = a.student_id)
        and (exists (select 1 from lti_contexts c join class_students s on s.class_id = c.class_id where c.id = l.context_row_id and s.user_id = a.student_id)
          or not exists (select 1 from lti_resource_links o join lti_contexts c on c.id = o.context_row_id join class_students s on s.class_id = c.class_id
            where o.quiz_id = a.quiz_id and o.platform_id = l.platform_id and s.user_id = a.student_id))
      on conflict (resource_link_row_id, user_id) do update set attempt_id = excluded.attempt_id, payload = excluded.payload, state = 'waiting', tries = 0,
        next_try_at = excluded.next_try_at, last_error = null, updated_at = excluded.updated_at`,
    args: [
      gradeToWorkOut(grade),
      grade.at,
      grade.at,
      grade.at,
      grade.attemptId,
      grade.answersVersion,
      ...(grade.submittedAt === undefined ? [] : [grade.submittedAt]),
    ],
  };
}
