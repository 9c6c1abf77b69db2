import { sql } from "drizzle-orm";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertMayActOnLeaderBoardRows } from "../core/permissions";
import { TakenQuizIdInput } from "../results/schemas";
import type { CertificateKind } from "../../../db/schema/exam-extras";
import { certificateKindOfAttempt } from "../pass-mark/certificate-kind-of-attempt";
import type { BoardRecord } from "./board-query";
import { type LeaderBoardRow, toLeaderBoardRow } from "./board-row";

/**
 * One finished attempt of the business as a board row, e-mail included: what the board's
 * download dialog (/leaderBoard/{id}/download) shows, with what its certificate certifies
 * (null: it has none, ADR 0076). The row actions are the owner's
 * (spec 6), so only callers who may act on board rows read it; another business's attempt,
 * one still running and an unknown id are all 404.
 */
export async function readBoardAttempt(services: AppServices, caller: Caller, input: unknown): Promise<LeaderBoardRow & { certificateKind: CertificateKind | null }> {
  assertMayActOnLeaderBoardRows(caller);
  const { takenQuizId } = TakenQuizIdInput.parse(input);
  const [record] = await services.db.all<BoardRecord>(sql`
    select a.id, a.quiz_id, a.student_id, u.fullname, u.email, q.quiz_name, c.name as quiz_category,
      a.percentage, a.correct_answered, a.time_taken, a.status, a.started_at, q.pass_percentage,
      (select count(*) from quiz_attempts s
        where s.quiz_id = a.quiz_id and s.student_id = a.student_id and s.submitted_at is not null) as total_attempts
    from quiz_attempts a
    join quizzes q on q.id = a.quiz_id
    join categories c on c.id = q.category_id
    join users u on u.id = a.student_id
    where a.id = ${takenQuizId} and a.business_id = ${caller.businessId} and a.submitted_at is not null`);
  if (!record) throw new NotFound("taken quiz");
  const row = toLeaderBoardRow(record, true);
  const passPercentage = record.pass_percentage === null ? null : Number(record.pass_percentage);
  return { ...row, certificateKind: await certificateKindOfAttempt(services, { id: row.id, businessId: caller.businessId, percentage: row.percentage }, passPercentage) };
}
