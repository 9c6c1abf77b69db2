import { z, ZodRealError, type ZodError } from "zod";
import { Invalid } from "../core/errors";
import { say } from "../message-codes";
import { type ClozeAnswer, type ClozeKey, isClozeAnswered } from "../marking/cloze";
import { type EssayAnswer, isEssayAnswered } from "../marking/essay";
import { isMatchingAnswered, type MatchingAnswer, type MatchingKey } from "../marking/matching";
import { isNumericalAnswered, type NumericalAnswer } from "../marking/numerical";
import { isOrderingAnswered, type OrderingAnswer, type OrderingKey } from "../marking/ordering";
import type { KeyedType } from "../marking/question-types";
import { ANSWER_SCHEMAS } from "../marking/schemas";
import { isShortAnswerAnswered, type ShortAnswerAnswer } from "../marking/short-answer";
import type { AttemptPartIds } from "./part-ids";
import { MAX_OPTIONS } from "./schemas";
import type { QuestionKey } from "./scoring";

/**
 * Reading one sent answer by its question's own type (decisions.md "Answers"), for autosave,
 * submit and Check alike. A refusal names the answer's field (`field`, e.g. `answers.3.answer`)
 * and says why by code (marking/messages.ts), so nothing is written.
 */

const optionId = z.number({ error: "An option must be an id" }).int("An option must be an id").positive("An option must be an id");

/** What `optionId` accepts (zod's int() is a safe integer). */
const isOptionId = (id: unknown): id is number => typeof id === "number" && Number.isSafeInteger(id) && id > 0;

/** The choice types' answer, as the exam has always read it: `[optionId, …]`, at most five. */
export const ChoiceIds = z.array(optionId, { error: "answer must be a list of option ids" }).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options per answer`);

/** A schema's refusal with its issues under the answer's own field. */
function refusedAt(field: (string | number)[], error: ZodError): ZodError {
  return new ZodRealError(error.issues.map((issue) => ({ ...issue, path: [...field, ...issue.path] })));
}

/**
 * A choice answer as the schema reads it. The usual one (a list of at most five positive whole
 * ids) is read by hand, as marking reads it (mark-answer.ts): a save of 50 reads 50 of them and
 * the schema cost it a tenth of its time (issue 25 point 8). Anything else goes through the
 * schema, so a refusal says what it always said.
 */
export function readChoiceAnswer(sent: unknown, field: (string | number)[]): number[] {
  if (Array.isArray(sent) && sent.length <= MAX_OPTIONS && sent.every(isOptionId)) return [...sent];
  const read = ChoiceIds.safeParse(sent);
  if (!read.success) throw refusedAt(field, read.error);
  return read.data;
}

/**
 * A type's answer through its schema (`ANSWER_SCHEMAS`: shape, lengths, an essay's HTML through
 * the explanations' sanitiser and capped), then checked against this attempt's question: the
 * stems, choices, items and dropdown choices it names must be the ids this attempt gave this
 * question's parts (another question's, another attempt's or a made-up id is refused), and a
 * cloze answer has no more gaps than its text. Returns the answer as it is stored and whether
 * it answers anything.
 */
export function readTypedAnswer(question: QuestionKey & { optionType: KeyedType }, sent: unknown, partIds: AttemptPartIds, field: (string | number)[]): { response: unknown; answered: boolean } {
  const read = ANSWER_SCHEMAS[question.optionType].safeParse(sent);
  if (!read.success) throw refusedAt(field, read.error);
  const answer = read.data;
  const key = question.answerKey;
  const refuse = () => {
    const said = say("STUDENT_ANSWER_UNKNOWN_PART");
    return new Invalid(said, { [field.join(".")]: said });
  };
  switch (question.optionType) {
    case "shortAnswer":
      return { response: answer, answered: isShortAnswerAnswered(answer as ShortAnswerAnswer) };
    case "numerical":
      return { response: answer, answered: isNumericalAnswered(answer as NumericalAnswer) };
    case "essay":
      return { response: answer, answered: isEssayAnswered(answer as EssayAnswer) };
    case "matching": {
      const { pairs } = answer as MatchingAnswer;
      const ids = key ? partIds.matching(question.id, key as MatchingKey) : { stemIds: [], choiceIds: [] };
      const [stems, choices] = [new Set(ids.stemIds), new Set(ids.choiceIds)];
      if (!pairs.every((pair) => stems.has(pair.stemId) && choices.has(pair.choiceId))) throw refuse();
      return { response: answer, answered: isMatchingAnswered(answer as MatchingAnswer) };
    }
    case "ordering": {
      const { order } = answer as OrderingAnswer;
      const items = new Set(key ? partIds.ordering(question.id, key as OrderingKey).itemIds : []);
      if (!order.every((id) => items.has(id))) throw refuse();
      return { response: answer, answered: isOrderingAnswered(answer as OrderingAnswer) };
    }
    case "cloze": {
      const { gaps } = answer as ClozeAnswer;
      const cloze = key as ClozeKey | undefined;
      if (!cloze || gaps.length > cloze.gaps.length) throw refuse();
      const ids = partIds.cloze(question.id, cloze);
      // A dropdown gap takes one of its own choices' ids (or nothing yet); the other gaps take text.
      if (!gaps.every((typed, g) => cloze.gaps[g].kind !== "choice" || typed === "" || (ids.choiceIds[g] ?? []).includes(typed))) throw refuse();
      return { response: answer, answered: isClozeAnswered(answer as ClozeAnswer) };
    }
  }
}
