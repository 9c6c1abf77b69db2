import { and, eq, isNotNull, sql } from "drizzle-orm";
import { BODY_NOT_AN_OBJECT } from "../core/coded";
import { z } from "@hono/zod-openapi";
import { questions, questionVotes, quizAttempts, quizQuestions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { questionOnAttemptPaper } from "../attempts/paper-sql";
import { assertStudent } from "../core/permissions";

export const VOTE_MESSAGES = {
  saved: "Thanks for your vote",
  removed: "Vote removed",
  voteChoice: "vote must be up, down or none",
} as const;

export const VOTES = ["up", "down", "none"] as const;
export type Vote = (typeof VOTES)[number];

export const VoteInput = z.object(
  {
    questionId: z.number({ error: "questionId must be an id" }).int("questionId must be an id").positive("questionId must be an id"),
    vote: z.enum(VOTES, { error: VOTE_MESSAGES.voteChoice }),
  },
  { error: BODY_NOT_AN_OBJECT },
);

const VOTE_VALUE = { up: 1, down: -1 } as const;

/**
 * POST /api/question/thumbs { questionId, vote: up | down | none } (ADR 0027): a student's
 * thumbs up or down on a question of a quiz they have finished, one vote each; voting again
 * replaces it, none takes it back. The question's thumbsUpCount and thumbsDownCount (spec 3)
 * are recounted from the votes in the same batch, so double clicks and parallel votes can
 * never leave them off by one.
 */
export async function voteQuestion(
  services: AppServices,
  caller: Caller,
  input: unknown,
): Promise<{ message: string; vote: Vote; thumbsUpCount: number; thumbsDownCount: number }> {
  assertStudent(caller);
  const { questionId, vote } = VoteInput.parse(input);
  const db = services.db;
  const [met] = await db
    .select({ attemptId: quizAttempts.id })
    .from(quizAttempts)
    .innerJoin(quizQuestions, and(eq(quizQuestions.quizId, quizAttempts.quizId), eq(quizQuestions.questionId, questionId), questionOnAttemptPaper(questionId)))
    .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.studentId, caller.userId), isNotNull(quizAttempts.submittedAt)))
    .limit(1);
  // Never met in a finished attempt, another business's, or no such question: the same 404.
  if (!met) throw new NotFound("question");

  const own = and(eq(questionVotes.questionId, questionId), eq(questionVotes.studentId, caller.userId));
  const write =
    vote === "none"
      ? db.delete(questionVotes).where(own)
      : db
          .insert(questionVotes)
          .values({ questionId, studentId: caller.userId, vote: VOTE_VALUE[vote], votedAt: services.now() })
          .onConflictDoUpdate({ target: [questionVotes.questionId, questionVotes.studentId], set: { vote: VOTE_VALUE[vote], votedAt: services.now() } });
  const tally = (value: 1 | -1) =>
    sql`(select count(*) from ${questionVotes} where ${questionVotes.questionId} = ${questionId} and ${questionVotes.vote} = ${value})`;
  const [, , counts] = await db.batch([
    write,
    db
      .update(questions)
      .set({ thumbsUpCount: tally(1), thumbsDownCount: tally(-1) })
      .where(eq(questions.id, questionId)),
    db.select({ thumbsUpCount: questions.thumbsUpCount, thumbsDownCount: questions.thumbsDownCount }).from(questions).where(eq(questions.id, questionId)),
  ]);
  return { message: vote === "none" ? VOTE_MESSAGES.removed : VOTE_MESSAGES.saved, vote, ...counts[0] };
}
