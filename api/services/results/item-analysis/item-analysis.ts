import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertAuthor, assertMayReadQuizResults } from "../../core/permissions";
import { loadQuiz } from "../../quizzes/quiz-queries";
import { type ItemAnalysis, ItemAnalysisInput, type ItemQuestion } from "./schemas";
import { discriminationOf, facilityOf, flagsOf, tallyAnswers } from "./statistics";
import { itemAnalysisStatements } from "./item-analysis-sql";

/**
 * decisions.md "Item analysis": POST /api/takenQuiz/itemAnalysis { quizId }. How each
 * question of a quiz did over its finished attempts: facility, discrimination, how often each
 * option was chosen, and flags of questions to revise; with the score distribution and the
 * scores over time the page charts (docs/decisions/0042-item-analysis.md).
 *
 * The quiz's teacher and the owner only (students and other teachers 403; another business's
 * quiz 404). Three statements in one batch, whatever the number of questions or attempts.
 * A quiz with attempts can no longer change its questions or options (ADR 0022), and every
 * attempt is asked every question, so the quiz's questions are the items of every attempt.
 */
export async function analyseItems(services: AppServices, caller: Caller, input: unknown): Promise<{ data: ItemAnalysis }> {
  assertAuthor(caller);
  const { quizId } = ItemAnalysisInput.parse(input);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayReadQuizResults(caller, quiz.row);

  const [answers, paper, scores] = await itemAnalysisStatements(services.db, caller.businessId, quizId);
  const summary = scores.find((row) => row.kind === "summary");
  const attempts = summary?.count ?? 0;
  const answersOf = new Map<number, typeof answers>();
  for (const row of answers) answersOf.set(row.questionId, [...(answersOf.get(row.questionId) ?? []), row]);

  const questions: ItemQuestion[] = paper.map((row) => {
    const options = (JSON.parse(row.options) as Array<[number, string, number]>).map(([optionId, optionText, isCorrect]) => ({ optionId, optionText, isCorrect: isCorrect === 1 }));
    const tally = tallyAnswers(options, answersOf.get(row.questionId) ?? []);
    const sums = { attempts, right: tally.right, totalWhenRight: tally.totalWhenRight, sumTotal: summary?.sumTotal ?? 0, sumTotalSquared: summary?.sumTotalSquared ?? 0 };
    const facility = facilityOf(sums);
    const discrimination = discriminationOf(sums);
    const counted = options.map((option) => ({ ...option, chosenCount: tally.chosen.get(option.optionId) ?? 0 }));
    const distractorCounts = counted.filter((option) => !option.isCorrect).map((option) => option.chosenCount);
    return {
      questionId: row.questionId,
      questionText: row.questionText,
      facility,
      discrimination,
      options: counted,
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

