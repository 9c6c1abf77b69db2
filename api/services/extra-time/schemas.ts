import { z } from "@hono/zod-openapi";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";

export const EXTRA_TIME_MESSAGES = {
  saved: "Extra time saved",
  removed: "Extra time removed",
  factorRange: "Extra time must be a factor from 1 to 3",
  studentEmail: "No student with this e-mail in your school",
} as const;

/** decisions.md "Extra time": a factor from 1 (none) to 3; two decimals are plenty (1.25, 1.5). */
export const MIN_FACTOR = 1;
export const MAX_FACTOR = 3;

const id = (label: string) => z.number({ error: `${label} must be an id` }).int(`${label} must be an id`).positive(`${label} must be an id`);

export const SetExtraTimeInput = z.object(
  {
    quizId: z.coerce.number({ error: "quizId must be an id" }).pipe(id("quizId")),
    userId: z.coerce.number({ error: "userId must be an id" }).pipe(id("userId")),
    factor: z.coerce
      .number({ error: schemaMessage("EXTRA_TIME_FACTOR_RANGE") })
      .min(MIN_FACTOR, schemaMessage("EXTRA_TIME_FACTOR_RANGE"))
      .max(MAX_FACTOR, schemaMessage("EXTRA_TIME_FACTOR_RANGE"))
      .transform((factor) => Math.round(factor * 100) / 100),
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const ExtraTimeListInput = z.object(
  { quizId: z.coerce.number({ error: "quizId must be an id" }).pipe(id("quizId")) },
  { error: BODY_NOT_AN_OBJECT },
);

export interface ExtraTimeEntity {
  userId: number;
  fullname: string;
  email: string;
  factor: number;
}
