import { z } from "@hono/zod-openapi";
import { quizOverrides } from "../../../db/schema";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { MAX_ATTEMPTS, MAX_EPOCH_SECONDS, MAX_TIME_MINUTES } from "../quizzes/schemas";

const id = (label: string) =>
  z.coerce
    .number({ error: `${label} must be an id` })
    .pipe(z.number().int(`${label} must be an id`).positive(`${label} must be an id`).max(Number.MAX_SAFE_INTEGER, `${label} must be an id`));

/** An optional whole number: left out, null or "" is "not overridden". */
const optionalWhole = (code: string, check: (n: number) => boolean) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" && /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: schemaMessage(code) }).int(schemaMessage(code)).refine(check, schemaMessage(code)).optional(),
  );

/**
 * decisions.md "A quiz set for classes": POST /api/quiz/override { quizId, userId, startDate?,
 * endDate?, time?, attemptsAllowed? }. Each setting given replaces the student's (ADR 0079);
 * at least one must be given, and a start after the end is refused.
 */
export const SetOverrideInput = z
  .object(
    {
      quizId: id("quizId"),
      userId: id("userId"),
      startDate: optionalWhole("QUIZ_START_DATE_INVALID", (n) => n >= 0 && n <= MAX_EPOCH_SECONDS).openapi({ type: "integer", description: "Epoch seconds" }),
      endDate: optionalWhole("QUIZ_END_DATE_INVALID", (n) => n >= 0 && n <= MAX_EPOCH_SECONDS).openapi({ type: "integer", description: "Epoch seconds" }),
      time: optionalWhole("QUIZ_TIME_INVALID", (n) => n === -1 || (n >= 1 && n <= MAX_TIME_MINUTES)).openapi({ type: "integer", description: "Minutes 1-100; -1 = no limit" }),
      attemptsAllowed: optionalWhole("QUIZ_ATTEMPTS_INVALID", (n) => n >= 1 && n <= MAX_ATTEMPTS).openapi({ type: "integer", description: "1-100" }),
    },
    { error: BODY_NOT_AN_OBJECT },
  )
  .refine((o) => o.startDate !== undefined || o.endDate !== undefined || o.time !== undefined || o.attemptsAllowed !== undefined, {
    message: schemaMessage("OVERRIDE_EMPTY"),
    path: ["attemptsAllowed"],
  })
  .refine((o) => o.startDate === undefined || o.endDate === undefined || o.startDate <= o.endDate, { message: schemaMessage("QUIZ_START_AFTER_END"), path: ["startDate"] });

export const OverrideListInput = z.object({ quizId: id("quizId") }, { error: BODY_NOT_AN_OBJECT });
export const DeleteOverrideInput = z.object({ quizId: id("quizId"), userId: id("userId") }, { error: BODY_NOT_AN_OBJECT });

/** An override's settings in the API's names (null: not overridden). */
export const overrideSettingColumns = {
  startDate: quizOverrides.startTimestamp,
  endDate: quizOverrides.endTimestamp,
  time: quizOverrides.time,
  attemptsAllowed: quizOverrides.attemptsAllowed,
};

/** An override as the teacher's panel lists it. */
export interface OverrideEntity {
  quizId: number;
  userId: number;
  fullname: string;
  email: string;
  startDate: number | null;
  endDate: number | null;
  time: number | null;
  attemptsAllowed: number | null;
}
