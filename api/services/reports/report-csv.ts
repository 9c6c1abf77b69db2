import { MARKING_CELL, passedCell, percentCell, utcCell } from "../export/cells";
import { fileSlug, toCsv } from "../export/csv";
import type { CsvFile } from "../export/export-results";
import type { ClassReport } from "./class-report";
import type { StudentReport } from "./student-report";

/**
 * The reports as CSV (decisions.md "Reports": `format: "csv"`): the export's own writer
 * (export/csv.ts: BOM, CRLF, every cell quoted and neutralised against formulas, header
 * included: a quiz or a student named `=HYPERLINK(…)` stays text) and its cells (UTC dates,
 * "Passed" / "Not passed"). Headers in English as the other exports'.
 */

const RULE_CELL = { best: "Best attempt", latest: "Latest attempt" } as const;

/** One row per finished attempt, the counting one marked, so a spreadsheet can filter on it. */
export function studentReportCsv(report: StudentReport, day: string): CsvFile {
  const header = ["Student name", "E-mail", "Quiz name", "Category", "Counts", "Counting rule", "Attempt", "Percentage", "Passed", "Time taken (seconds)", "Submitted (UTC)", "Status", "Marking"];
  const { student } = report;
  const rows = report.quizzes.flatMap((quiz) =>
    quiz.attempts.map((attempt) => [
      student.fullname,
      student.email,
      quiz.quizName,
      quiz.quizCategory,
      attempt.counts ? "Yes" : "No",
      RULE_CELL[quiz.countingRule],
      attempt.attemptNumber,
      percentCell(attempt.percentage),
      passedCell(attempt.passed),
      attempt.timeTaken,
      utcCell(attempt.submittedAt),
      attempt.status,
      MARKING_CELL[attempt.gradingStatus],
    ]),
  );
  const slug = fileSlug(student.fullname);
  return { fileName: `student-report-${slug ? `${slug}-` : ""}${student.userId}-${day}.csv`, csv: toCsv(header, rows) };
}

/**
 * One row per student of the class, three columns per quiz (its percentage, whether it passed,
 * the attempts), each headed by the quiz's name and id (two quizzes may share a name); a quiz
 * the student has not finished leaves its three cells empty.
 */
export function classReportCsv(report: ClassReport, day: string): CsvFile {
  const header = ["Student name", "E-mail", ...report.quizzes.flatMap((q) => [`${q.quizName} [${q.quizId}] Percentage`, `${q.quizName} [${q.quizId}] Passed`, `${q.quizName} [${q.quizId}] Attempts`])];
  const rows = report.students.map((student) => {
    const byQuiz = new Map(student.results.map((result) => [result.quizId, result]));
    return [
      student.fullname,
      student.email,
      ...report.quizzes.flatMap((quiz) => {
        const result = byQuiz.get(quiz.quizId);
        return result ? [percentCell(result.percentage), passedCell(result.passed), result.attemptsCount] : ["", "", ""];
      }),
    ];
  });
  const slug = fileSlug(report.class.name);
  return { fileName: `class-report-${slug ? `${slug}-` : ""}${report.class.classId}-${day}.csv`, csv: toCsv(header, rows) };
}
