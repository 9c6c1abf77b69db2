import { OPTION_TYPES, type OptionType } from "../../../db/schema/questions";
import { QUESTION_LIMITS } from "../../../api/services/questions/schemas";

/**
 * The most JSON an answer key field may carry: the largest key the marking limits allow is far
 * smaller (an essay's two 25,000-character texts and a rubric), and the service's schema bounds
 * every part of it; this only keeps `JSON.parse` from reading megabytes.
 */
export const ANSWER_KEY_JSON_MAX = 100_000;

/**
 * The editor's form fields as the question verbs' input (spec 3 names). One reader for the
 * create and edit actions; the rules stay in the service (validateQuestion).
 *
 * Field names: questionText, optionType, options.{i}.optionText, correct (the indexes of
 * the options marked correct: a radio group or checkboxes sharing the name), tags (one
 * input per tag), category, course, questionImage, image, answerExplaination, defaultMark, and
 * answerKey (the key of the types without options, as JSON: the type's form keeps it as one
 * value and writes it into a hidden field).
 */
export interface EditorValues {
  questionText: string;
  optionType: OptionType;
  options: { optionText: string; optionStatus: boolean }[];
  /** The key of the types without options (decisions.md shapes); absent for the choice types. */
  answerKey?: unknown;
  /** As typed: a number, or the text the service refuses with its code. */
  defaultMark?: number | string;
  tags: string[];
  category: string;
  course: string;
  questionImage: string | null;
  questionImageUrl?: string | null;
  image: string | null;
  imageUrl?: string | null;
  answerExplaination: string;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function readQuestionForm(form: FormData): EditorValues {
  const correct = new Set(form.getAll("correct").filter((v): v is string => typeof v === "string"));
  const options: EditorValues["options"] = [];
  // At most one past the limit is read, so a 6th option still reaches the rule and is refused.
  for (let i = 0; i <= QUESTION_LIMITS.maxOptions; i++) {
    if (!form.has(`options.${i}.optionText`)) continue;
    options.push({ optionText: text(form, `options.${i}.optionText`), optionStatus: correct.has(String(i)) });
  }
  const optionType = text(form, "optionType");
  return {
    questionText: text(form, "questionText"),
    // An unknown type is passed on as it came, and the service refuses it with its code.
    optionType: (OPTION_TYPES as readonly string[]).includes(optionType) ? (optionType as OptionType) : (optionType as "radio"),
    options,
    ...answerKeyField(text(form, "answerKey")),
    ...defaultMarkField(text(form, "defaultMark")),
    tags: form
      .getAll("tags")
      .filter((v): v is string => typeof v === "string")
      .slice(0, QUESTION_LIMITS.maxTags * 4),
    category: text(form, "category"),
    course: text(form, "course"),
    questionImage: text(form, "questionImage") || null,
    image: text(form, "image") || null,
    answerExplaination: text(form, "answerExplaination"),
  };
}

/** The blank question of a new form and of an answer type change (spec 4: five blank options). */
export function blankOptions(count = QUESTION_LIMITS.maxOptions): EditorValues["options"] {
  return Array.from({ length: count }, () => ({ optionText: "", optionStatus: false }));
}

/** The hidden answerKey field: its JSON, or the text itself when it is none (the service then says the key does not fit). */
function answerKeyField(json: string): Pick<EditorValues, "answerKey"> {
  if (json === "") return {};
  if (json.length > ANSWER_KEY_JSON_MAX) return { answerKey: "" };
  try {
    return { answerKey: JSON.parse(json) as unknown };
  } catch {
    return { answerKey: json };
  }
}

/** The default mark as typed: a number when it reads as one (`,` or `.` as the decimal mark), else the text; absent when empty (1). */
function defaultMarkField(typed: string): Pick<EditorValues, "defaultMark"> {
  const trimmed = typed.trim();
  if (trimmed === "") return {};
  const number = /^\d{1,3}([.,]\d{1,6})?$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : Number.NaN;
  return { defaultMark: Number.isFinite(number) ? number : trimmed };
}
