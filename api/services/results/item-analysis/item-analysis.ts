import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertAuthor, assertMayReadQuizResults } from "../../core/permissions";
import { loadQuiz } from "../../quizzes/quiz-queries";
import { type ItemAnalysis, ItemAnalysisInput, type ItemQuestion } from "./schemas";
import { discriminationOf, facilityOf, flagsOf } from "./statistics";
import { itemAnalysisStatements } from "./item-analysis-sql";

/**
 * decisions.md "Item analysis": POST /api/takenQuiz/itemAnalysis { quizId }. How each
 * question of a quiz did over its finished attempts: facility, discrimination, how often each
 * option was chosen, and flags of questions to revise; with the score distribution and the
 * scores over time the page charts (docs/decisions/0042-item-analysis.md).
 *
 * The quiz's teacher and the owner only (students and other teachers 403; another business's
 * quiz 404). Four statements in one batch, whatever the number of questions or attempts.
 * A quiz with attempts can no longer change its questions or options (ADR 0022), and every
 * attempt is asked every question, so the quiz's questions are the items of every attempt.
 */
export async function analyseItems(services: AppServices, caller: Caller, input: unknown): Promise<{ data: ItemAnalysis }> {
  assertAuthor(caller);
  const { quizId } = ItemAnalysisInput.parse(input);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayReadQuizResults(caller, quiz.row);

  const [items, choices, paper, scores] = await itemAnalysisStatements(services.db, caller.businessId, quizId);
  const summary = scores.find((row) => row.kind === "summary");
  const attempts = summary?.count ?? 0;
  const sumsOf = new Map(items.map((row) => [row.questionId, row]));
  const chosenOf = new Map(choices.map((row) => [`${row.questionId}:${row.optionId}`, row.chosen]));
  // The sums over all attempts ride along on every item row; none when nobody answered anything.
  const sumTotal = items[0]?.sumTotal ?? 0;
  const sumTotalSquared = items[0]?.sumTotalSquared ?? 0;

  const questions: ItemQuestion[] = paper.map((row) => {
    const options = (JSON.parse(row.options) as Array<[number, string, number]>).map(([optionId, optionText, isCorrect]) => ({
      optionId,
      optionText,
      isCorrect: isCorrect === 1,
      chosenCount: chosenOf.get(`${row.questionId}:${optionId}`) ?? 0,
    }));
    const item = sumsOf.get(row.questionId);
    const sums = { attempts, right: item?.right ?? 0, totalWhenRight: item?.totalWhenRight ?? 0, sumTotal, sumTotalSquared };
    const facility = facilityOf(sums);
    const discrimination = discriminationOf(sums);
    const distractorCounts = options.filter((option) => !option.isCorrect).map((option) => option.chosenCount);
    return {
      questionId: row.questionId,
      questionText: row.questionText,
      facility,
      discrimination,
      options,
      flags: flagsOf({ attempts, facility, discrimination, distractorCounts }),
      pendingFeedbackCount: row.pendingFeedback,
    };
  });

  const binCounts = new Map(scores.filter((row) => row.kind === "bin").map((row) => [Number(row.label), row.count]));
  return {
    data: {
      attempts,
      averagePercentage: attempts === 0 ? null : roundPercent(summary!.average),
      questions,
      distribution: Array.from({ length: 10 }, (_, bin) => ({ from: bin * 10, to: bin * 10 + 10, count: binCounts.get(bin) ?? 0 })),
      overTime: scores
        .filter((row) => row.kind === "day")
        .map((row) => ({ day: row.label, attempts: row.count, averagePercentage: roundPercent(row.average) }))
        .sort((a, b) => a.day.localeCompare(b.day)),
    },
  };
}

const roundPercent = (value: number) => Math.round(value * 100) / 100;

