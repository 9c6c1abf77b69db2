import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { attemptsOfClass } from "../services/classes/class-filter";
import { boardTotalsSql } from "../services/leader-board/board-query";
import { createCountingDb, type CountingDb } from "../test-support/counting-db.node";
import { classResultsSchool } from "../test-support/class-results.node";
import { createTestBed, type TestBed } from "../test-support/test-bed.node";

/**
 * ADR 0080: what the class filter costs in statements, and how SQLite reads it. The filtered stats read is the
 * unfiltered one and the class's check; item analysis keeps a class's grouped answers apart
 * from the whole quiz's, so reading both in turn reads neither's answers again.
 */
let counting: CountingDb;
let bed: TestBed;

beforeEach(async () => {
  counting = await createCountingDb();
  bed = await createTestBed("Counted Class School", { db: counting.db });
});

/** The whole quiz's stats read as it was before classes: the session's, the quiz, the close of expired attempts, the batch of three (count, page, in progress). */
const STATS_STATEMENTS = 8;
/** The same, and the class (one statement, beside the quiz). */
const FILTERED_STATS_STATEMENTS = STATS_STATEMENTS + 1;

async function cost(path: string, body: unknown) {
  counting.reset();
  const answer = await bed.post(bed.tenant.owner, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return counting.statements();
}

describe("the class filter's statements", () => {
  it("costs the filtered stats read one statement more than the whole quiz's, whatever the class's size", async () => {
    const s = await classResultsSchool(bed);
    await cost("/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id });
    expect(await cost("/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id })).toBe(STATS_STATEMENTS);
    expect(await cost("/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id, classId: s.year10 })).toBe(FILTERED_STATS_STATEMENTS);
    await bed.post(bed.tenant.teacher, "/classes/members", { classId: s.year10, add: [s.cy.email, s.dee.email] });
    expect(await cost("/takenQuiz/fetchAllByQuizId", { quizId: s.quiz.id, classId: s.year10 })).toBe(FILTERED_STATS_STATEMENTS);
  });

  it("keeps item analysis's answers per class: the whole quiz and a class read in turn read no answers again", async () => {
    const s = await classResultsSchool(bed);
    const whole = { quizId: s.quiz.id };
    const year10 = { quizId: s.quiz.id, classId: s.year10 };
    const first = [await cost("/takenQuiz/itemAnalysis", whole), await cost("/takenQuiz/itemAnalysis", year10)];
    const again = [await cost("/takenQuiz/itemAnalysis", whole), await cost("/takenQuiz/itemAnalysis", year10)];
    // Kept (ADR 0072's addendum): neither the finished attempts nor the grouped answers are read
    // again, for either (two statements fewer each); a quiz-only key would read them every turn.
    expect(again[0]).toBe(first[0] - 2);
    expect(again[1]).toBe(first[1] - 2);
  });
});

describe("the class filter's query plans (no ANALYZE statistics, as a deployment has)", () => {
  const planOf = async (query: ReturnType<typeof sql>) => (await bed.services.db.all<{ detail: string }>(sql`explain query plan ${query}`)).map((row) => row.detail).join("\n");
  const ofClass = (column: string) => attemptsOfClass({ classId: 1 }, sql.raw(column));

  it("reads a class's attempts from its members, never every attempt of the quiz or the business", async () => {
    const members = "SEARCH class_students USING COVERING INDEX sqlite_autoindex_class_students_1 (class_id=?)";
    const stats = await planOf(sql`select count(*) from quiz_attempts a join users u on u.id = a.student_id where a.business_id = 1 and a.quiz_id = 1 and ${ofClass("a.student_id")}`);
    expect(stats).toContain(members);
    expect(stats).toContain("quiz_attempts_business_quiz_idx (business_id=? AND quiz_id=? AND student_id=?)");
    const analysis = await planOf(sql`select count(*) from quiz_attempts z where z.business_id = 1 and z.quiz_id = 1 and z.submitted_at is not null and ${ofClass("z.student_id")}`);
    expect(analysis).toContain("quiz_attempts_business_quiz_idx (business_id=? AND quiz_id=? AND student_id=?)");
    // The board spans every quiz: by the student index, each member's attempts (the business index would read all of them).
    const board = await planOf(boardTotalsSql(1, {}, ofClass("a.student_id")));
    expect(board).toContain(members);
    expect(board).toContain("SEARCH a USING INDEX quiz_attempts_student_idx (student_id=?)");
    expect(board).not.toContain("(business_id=?)");
  });
});
