import { z } from "@hono/zod-openapi";
import { OFFLINE_REQUEST_STATUSES, type OfflineRequestStatus, type PlanInterval } from "../../../db/schema/subscriptions";
import { listQuery } from "../listing/list-query";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";

export * from "./offline-messages";

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const body = { error: BODY_NOT_AN_OBJECT };

export const OfflineAskInput = z.object({ planId: positiveId(schemaMessage("OFFLINE_PLAN_ID_INVALID")) }, body);
export const OfflineIdInput = z.object({ id: positiveId(schemaMessage("OFFLINE_ID_INVALID")) }, body);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day the owner typed: it starts at midnight on the school's clock (ADR 0082), read by the service. */
export interface SchoolDay {
  schoolDay: string;
}

const isSchoolDay = (value: unknown): value is SchoolDay => typeof value === "object" && value !== null && typeof (value as SchoolDay).schoolDay === "string";

/**
 * An ISO date (YYYY-MM-DD: a day of the school's calendar, see SchoolDay) or an ISO date-time
 * with an offset. Anything else, including dates that do not exist (2026-02-30), is the field's message.
 */
const isoInstant = (message: string) =>
  // A Date or a SchoolDay is this schema's own output: the route has validated the body once already.
  z.preprocess((value) => (value instanceof Date ? value.toISOString() : isSchoolDay(value) ? value.schoolDay : value), z.string({ error: message }).trim()).transform((text, ctx): Date | SchoolDay => {
    const dateOnly = DAY.test(text);
    const ms = dateOnly || z.iso.datetime({ offset: true }).safeParse(text).success ? Date.parse(dateOnly ? `${text}T00:00:00Z` : text) : NaN;
    // Date.parse rolls 2026-02-30 over to March: a day that does not exist is refused.
    if (!Number.isFinite(ms) || (dateOnly && new Date(ms).toISOString().slice(0, 10) !== text)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return dateOnly ? { schoolDay: text } : new Date(ms);
  });

export const MarkPaidInput = z.object(
  {
    id: positiveId(schemaMessage("OFFLINE_ID_INVALID")),
    periodStart: isoInstant(schemaMessage("OFFLINE_PERIOD_START_INVALID")).openapi({ type: "string", example: "2026-11-27" }),
    periodEnd: isoInstant(schemaMessage("OFFLINE_PERIOD_END_INVALID")).openapi({ type: "string", example: "2026-12-27" }),
  },
  body,
);

export const OFFLINE_SORT_FIELDS = ["createdAt", "status", "studentName", "planTitle"] as const;

/** The list's queryParams, as the other lists take them (list-query.ts); newest first by default. */
export const OfflineListQuery = listQuery({
  filter: z.object({ status: z.enum(OFFLINE_REQUEST_STATUSES, { error: schemaMessage("OFFLINE_STATUS_INVALID") }).optional() }),
  sortFields: OFFLINE_SORT_FIELDS,
  defaultSortOrder: "desc",
});

/** An offline payment request at the API boundary. Times are epoch milliseconds. */
export interface OfflineRequestView {
  id: number;
  planId: number | null;
  planTitle: string;
  price: number;
  currency: string;
  interval: PlanInterval;
  status: OfflineRequestStatus;
  studentId: number;
  studentName: string;
  studentEmail: string;
  createdAt: number;
  periodStart: number | null;
  periodEnd: number | null;
  decidedAt: number | null;
}
