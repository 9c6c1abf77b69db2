import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { getAdminSetting } from "../admin-settings/get-admin-setting";
import { schemaText } from "../core/coded";
import type { FieldSayings } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { toQuizPatch } from "./boundary";
import { foldShowAnswer } from "./answer-timing";
import { definedOnly } from "./defined-only";
import { applyOwnerPolicy } from "./owner-policy";
import { loadLinks, loadQuiz } from "./quiz-queries";
import { assertMayChangeQuiz } from "../core/permissions";
import { CREATE_DEFAULTS, normalizeAliases, QuizComplete, QuizPatch, quizId as quizIdSchema, quizRuleIssues } from "./schemas";

/**
 * The wizard's "Next" (spec 4): the draft so far is checked by exactly the rules Submit will
 * apply (the same schemas, over the same defaults or the stored quiz, under the owner's
 * policy), and only the errors of the fields on the current step are answered, so a teacher
 * hears about a missing name on the details step, not at the very end. Submit still runs
 * the whole of createQuiz/updateQuiz; this only reports early.
 */
export async function checkQuizDraft(
  services: AppServices,
  caller: Caller,
  input: { quizId?: unknown; draft: unknown },
  fields: readonly string[],
): Promise<FieldSayings> {
  assertAuthor(caller);
  const base = input.quizId === undefined ? CREATE_DEFAULTS : await storedQuiz(services, caller, quizIdSchema.parse(input.quizId));
  const errors: FieldSayings = {};
  // A coded message (spec 8's counts) keeps its code and values for the wizard's words.
  const keep = (path: PropertyKey[], schemaMessage: string) => {
    const name = String(path[0] ?? "");
    if (!fields.includes(name) || errors[name]) return;
    const { message, coded } = schemaText(schemaMessage);
    errors[name] = coded ? { ...coded, message } : message;
  };

  // A field that is wrong on its own is reported as such; the rest of the draft is still
  // checked as a whole (so an empty name does not hide a missing level).
  let patch = QuizPatch.safeParse(input.draft);
  if (!patch.success) {
    for (const issue of patch.error.issues) keep(issue.path, issue.message);
    const wrong = new Set(patch.error.issues.map((issue) => String(issue.path[0] ?? "")));
    const rest = input.draft && typeof input.draft === "object" ? Object.entries(input.draft).filter(([name]) => !wrong.has(name)) : [];
    patch = QuizPatch.safeParse(Object.fromEntries(rest));
    if (!patch.success) return errors;
  }
  const policy = await getAdminSetting(services, caller);
  const merged = { ...base, ...foldShowAnswer(definedOnly(normalizeAliases(patch.data)), base.showAnswerTiming ?? "AfterEachAttempt") };
  const ruled = applyOwnerPolicy(merged, policy);
  const whole = QuizComplete.safeParse(ruled);
  if (!whole.success) for (const issue of whole.error.issues) keep(issue.path, issue.message);
  // Zod skips the rules between fields while any field is missing; a draft's later steps are.
  for (const issue of quizRuleIssues(ruled)) keep([issue.path], issue.message);
  return errors;
}

async function storedQuiz(services: AppServices, caller: Caller, quizId: number) {
  const current = await loadQuiz(services, caller, quizId);
  assertMayChangeQuiz(caller, current.row);
  return toQuizPatch(current.row, current.names, await loadLinks(services, quizId));
}
