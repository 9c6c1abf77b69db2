import { EssayKey } from "../marking/essay";
import { Invalid } from "../core/errors";
import { say } from "../message-codes";
import type { QuestionKey } from "../attempts/scoring";
import type { GradeInput } from "./schemas";

export interface ChosenMark {
  /** The fraction (0–1) of the question's mark, as the engine keeps it. */
  fraction: number;
  /** The mark in hundredths (two decimals, exact). */
  markHundredths: number;
  rubricLevels: { criterion: number; level: number }[] | null;
}

/** 400 with the code and its values, on the field it is about (the grading form marks it). */
const refuse = (field: string, code: Parameters<typeof say>[0], params?: Record<string, string | number>) => new Invalid(say(code, params), { [field]: say(code, params) });

/**
 * The mark a grader gives one question (decisions.md "Manual grading"): `mark`, from 0 to the
 * question's mark with at most two decimals; or, with a rubric and no mark, the sum of the chosen
 * levels' points, each level one the question's rubric has and each criterion chosen once. A
 * mark given with a rubric wins (the rubric levels are kept as the grader's notes). Pure.
 */
export function markOfGrade(key: QuestionKey, input: Pick<GradeInput, "mark" | "rubric">): ChosenMark {
  const maxHundredths = key.markHundredths ?? 100;
  const max = maxHundredths / 100;
  const rubricLevels = input.rubric && input.rubric.length > 0 ? chosenLevels(key, input.rubric) : null;
  let markHundredths: number;
  if (input.mark !== undefined) {
    markHundredths = Math.round(input.mark * 100);
    const twoDecimals = Number.isFinite(input.mark) && Math.abs(input.mark * 100 - markHundredths) < 1e-6;
    if (!twoDecimals || markHundredths < 0 || markHundredths > maxHundredths) throw refuse("mark", "GRADE_MARK_INVALID", { max });
  } else if (rubricLevels) {
    markHundredths = rubricLevels.reduce((sum, choice) => sum + choice.hundredths, 0);
    if (markHundredths > maxHundredths) throw refuse("rubric", "GRADE_RUBRIC_OVER_MARK", { sum: markHundredths / 100, max });
  } else {
    throw refuse("mark", "GRADE_MARK_OR_RUBRIC");
  }
  return {
    fraction: maxHundredths > 0 ? markHundredths / maxHundredths : 0,
    markHundredths,
    rubricLevels: rubricLevels?.map(({ criterion, level }) => ({ criterion, level })) ?? null,
  };
}

/** The chosen levels with their points in hundredths; refused when the question has no rubric or a choice names nothing in it. */
function chosenLevels(key: QuestionKey, rubric: NonNullable<GradeInput["rubric"]>) {
  const essay = key.optionType === "essay" ? EssayKey.safeParse(key.answerKey ?? {}) : undefined;
  const criteria = essay?.success ? essay.data.rubric : undefined;
  if (!criteria) throw refuse("rubric", "GRADE_NO_RUBRIC");
  const seen = new Set<number>();
  return rubric.map(({ criterion, level }) => {
    if (seen.has(criterion)) throw refuse("rubric", "GRADE_RUBRIC_CRITERION_REPEATED");
    seen.add(criterion);
    const points = criteria[criterion]?.levels[level]?.points;
    if (points === undefined) throw refuse("rubric", "GRADE_RUBRIC_LEVEL_UNKNOWN", { criterion, level });
    return { criterion, level, hundredths: Math.round(points * 100) };
  });
}
