import { QUESTION_LIMITS } from "../../../api/services/questions/schemas";

/**
 * The editor's form fields as the question verbs' input (spec 3 names). One reader for the
 * create and edit actions; the rules stay in the service (validateQuestion).
 *
 * Field names: questionText, optionType, options.{i}.optionText, correct (the indexes of
 * the options marked correct: a radio group or checkboxes sharing the name), tags (one
 * input per tag), category, course, questionImage, image, answerExplaination.
 */
export interface EditorValues {
  questionText: string;
  optionType: "radio" | "checkbox";
  options: { optionText: string; optionStatus: boolean }[];
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
    optionType: optionType === "checkbox" ? "checkbox" : (optionType as "radio"),
    options,
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
