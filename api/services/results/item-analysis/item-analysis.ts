import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertAuthor, assertMayReadQuizResults } from "../../core/permissions";
import { loadQuiz } from "../../quizzes/quiz-queries";
import { loadQuestionsKey } from "../../attempts/answer-key";
import { storedQuestionType } from "../../attempts/marking-question";
import type { QuestionType } from "../../marking/question-types";
import type { ClozeKey } from "../../marking/cloze";
import type { MatchingKey } from "../../marking/matching";
import type { OrderingKey } from "../../marking/ordering";
import { type ItemAnalysis, ItemAnalysisInput, type ItemQuestion } from "./schemas";
import { discriminationOf, facilityOf, flagsOf, tallyAnswers } from "./statistics";
import { type AnswerRow, drawnStatement, paperAndFinishedStatements, type PaperRow, responseStatements } from "./item-analysis-sql";
import { keptAttemptsOf } from "./kept-attempts";
import { scoresByDay } from "./attempt-records";
import { UTC } from "../../core/dates";
import { essayAnalysisOf, gapsAnalysisOf, pairsAnalysisOf, type PartAnswer, positionsAnalysisOf, type ResponseAnalysis, wrongAnswersOf } from "./response-analysis";
import { readPartAnswers } from "./part-answers";
import { type ClassFilter, classFilterOf } from "../../classes/class-filter";

const TYPED: readonly QuestionType[] = ["shortAnswer", "numerical"];
const PARTED: readonly QuestionType[] = ["matching", "ordering", "cloze"];
const CHOICE: readonly QuestionType[] = ["radio", "checkbox", "trueFalse"];
const PART_KIND = { matching: "pairs", ordering: "positions", cloze: "gaps" } as const;

/**
 * decisions.md "Item analysis": POST /api/takenQuiz/itemAnalysis { quizId }. How each
 * question of a quiz did over its finished attempts: facility with partial credit,
 * discrimination on fractions, how often each option was chosen, the response analysis of its
 * type, and flags of questions to revise; with the score distribution and the scores over time
 * the page charts (docs/decisions/0042-item-analysis.md, 0072).
 *
 * The quiz's teacher and the owner only (students and other teachers 403; another business's
 * quiz 404). Two statements side by side whatever the number of questions or attempts: the
 * paper and a fingerprint of the finished attempts. The attempts and their answers are folded
 * from what this process keeps, reading only the attempts that changed since (kept-attempts.ts;
 * and two more statements when the paper has typed answers or parts to read).
 * A quiz with attempts can no longer change its questions or options (ADR 0022). Every attempt
 * is asked the quiz's own questions; a question of a draw counts over the attempts that drew it,
 * and says how many did (`drawn`, ADR 0077). `classId` analyses only the attempts of the class's
 * members (ADR 0080): a class the caller manages, else 404. The scores over time are grouped by
 * the days of the school's zone (ADR 0082), named in `timeZone`; before the owner chose one, the
 * page's reader's (`options.readerTimeZone`, as every page draws dates then), else UTC.
 */
export async function analyseItems(services: AppServices, caller: Caller, input: unknown, options: { readerTimeZone?: string } = {}): Promise<{ data: ItemAnalysis }> {
  assertAuthor(caller);
  const { quizId, classId } = ItemAnalysisInput.parse(input);
  const [quiz, inClass] = await Promise.all([loadQuiz(services, caller, quizId), classFilterOf(services, caller, classId)]);
  assertMayReadQuizResults(caller, quiz.row);

  const [[paper, finished], drawnRows] = await Promise.all([
    paperAndFinishedStatements(services.db, caller.businessId, quizId, inClass),
    // A quiz with draws: each question counts over the attempts that drew it (ADR 0077).
    quiz.row.draws.length > 0 ? drawnStatement(services.db, caller.businessId, quizId, inClass) : undefined,
  ]);
  // Kept per quiz and class (ADR 0080): a class's analysis and the whole quiz's each keep their
  // own attempts; the fingerprint is of the attempts counted, so a member joining or leaving
  // (their attempts come or go) is seen at once.
  const { folded, responses } = await keptAttemptsOf(services.db, { businessId: caller.businessId, quizId, inClass }, finished, (count) =>
    responsesOf(services, caller.businessId, quizId, paper, count, inClass),
  );
  const { summary, answers } = folded;
  const timeZone = finished.schoolTimeZone ?? options.readerTimeZone ?? UTC;
  const attempts = summary.count;
  const answersOf = new Map<number, Omit<AnswerRow, "questionId">[]>();
  for (const row of answers) answersOf.set(row.questionId, [...(answersOf.get(row.questionId) ?? []), row]);

  const drawnOf = drawnRows && new Map(drawnRows.map((row) => [row.questionId, row]));
  const questions: ItemQuestion[] = paper.map((row) => {
    // Of a drawn paper, only the attempts that got the question (none: drawn 0 times); else every attempt.
    const drawn = drawnOf ? (drawnOf.get(row.questionId) ?? { drawn: 0, sumTotal: 0, sumTotalSquared: 0 }) : undefined;
    const over = drawn ? { attempts: drawn.drawn, sumTotal: drawn.sumTotal, sumTotalSquared: drawn.sumTotalSquared } : { attempts, sumTotal: summary.sumTotal, sumTotalSquared: summary.sumTotalSquared };
    const optionType = storedQuestionType(row.optionType);
    const mark = row.markHundredths / 100;
    const options = (JSON.parse(row.options) as Array<[number, string, number]>).map(([optionId, optionText, isCorrect]) => ({ optionId, optionText, isCorrect: isCorrect === 1 }));
    const isChoice = CHOICE.includes(optionType);
    const tally = tallyAnswers(
      { isChoice, isEssay: optionType === "essay", correctOptionIds: new Set(options.filter((option) => option.isCorrect).map((option) => option.optionId)) },
      answersOf.get(row.questionId) ?? [],
    );
    const counted = over.attempts - tally.pending;
    const sums = {
      attempts: counted,
      sumFraction: tally.sumFraction,
      sumFractionSquared: tally.sumFractionSquared,
      sumFractionTotal: tally.sumFractionTotal,
      sumTotal: over.sumTotal - tally.pendingTotal,
      sumTotalSquared: over.sumTotalSquared - tally.pendingTotalSquared,
      mark,
    };
    const facility = facilityOf(sums);
    const discrimination = discriminationOf(sums);
    const chosenOptions = isChoice ? options.map((option) => ({ ...option, chosenCount: tally.chosen.get(option.optionId) ?? 0 })) : [];
    const distractorCounts = chosenOptions.filter((option) => !option.isCorrect).map((option) => option.chosenCount);
    const response: ResponseAnalysis =
      optionType === "essay"
        ? essayAnalysisOf({ marked: counted, sumFraction: tally.sumFraction, pending: tally.pending, mark })
        : (responses.get(row.questionId) ?? { kind: "options" });
    return {
      questionId: row.questionId,
      questionText: row.questionText,
      optionType,
      mark,
      attempts: counted,
      pending: tally.pending,
      facility,
      discrimination,
      options: chosenOptions,
      response,
      flags: flagsOf({ attempts: counted, facility, discrimination, distractorCounts }),
      pendingFeedbackCount: row.pendingFeedback,
      ...(row.inDraws !== null && drawn ? { drawn: drawn.drawn } : {}),
    };
  });

  return {
    data: {
      attempts,
      averagePercentage: attempts === 0 ? null : roundPercent(summary.average),
      questions,
      distribution: Array.from({ length: 10 }, (_, bin) => ({ from: bin * 10, to: bin * 10 + 10, count: folded.bins.get(bin) ?? 0 })),
      overTime: scoresByDay(folded.quarters, timeZone).map((row) => ({ day: row.day, attempts: row.attempts, averagePercentage: roundPercent(row.average) })),
      timeZone,
    },
  };
}

/**
 * The response analysis of the typed and parted questions (the essays' comes from the tally).
 * Empty analyses without finished attempts: and only then is the key read, kept per quiz, which
 * is safe once the quiz has an attempt (answer-key.ts).
 */
async function responsesOf(services: AppServices, businessId: number, quizId: number, paper: readonly PaperRow[], attempts: number, inClass?: ClassFilter): Promise<Map<number, ResponseAnalysis>> {
  const typeOf = new Map(paper.map((row) => [row.questionId, storedQuestionType(row.optionType)]));
  const typedIds = paper.filter((row) => TYPED.includes(typeOf.get(row.questionId)!)).map((row) => row.questionId);
  const partedIds = paper.filter((row) => PARTED.includes(typeOf.get(row.questionId)!)).map((row) => row.questionId);
  const analyses = new Map<number, ResponseAnalysis>([
    ...typedIds.map((id): [number, ResponseAnalysis] => [id, { kind: "wrongAnswers", answers: [] }]),
    ...partedIds.map((id): [number, ResponseAnalysis] => [id, { kind: PART_KIND[typeOf.get(id) as "matching" | "ordering" | "cloze"], parts: [] }]),
  ]);
  if (attempts === 0 || typedIds.length + partedIds.length === 0) return analyses;
  const [[wrong, partRows], { keys }] = await Promise.all([
    responseStatements(services.db, businessId, quizId, typedIds, partedIds, inClass),
    partedIds.length > 0 ? loadQuestionsKey(services, quizId) : Promise.resolve({ keys: [] }),
  ]);
  for (const id of typedIds) analyses.set(id, wrongAnswersOf(wrong.filter((row) => row.questionId === id), attempts));
  const partAnswers = await readPartAnswers(services, partRows);
  for (const key of keys) {
    if (!partedIds.includes(key.id) || key.answerKey === undefined) continue;
    const given: PartAnswer[] = partAnswers.get(key.id) ?? [];
    if (key.optionType === "matching") analyses.set(key.id, pairsAnalysisOf(key.id, key.answerKey as MatchingKey, given, attempts));
    if (key.optionType === "ordering") analyses.set(key.id, positionsAnalysisOf(key.id, key.answerKey as OrderingKey, given, attempts));
    if (key.optionType === "cloze") analyses.set(key.id, gapsAnalysisOf(key.id, key.answerKey as ClozeKey, given, attempts));
  }
  return analyses;
}

const roundPercent = (value: number) => Math.round(value * 100) / 100;
