import { createRoute, z } from "@hono/zod-openapi";
import { TEACHER_REGISTRATION, LEADER_BOARD_FOR_STUDENTS } from "../../db/schema/admin-settings";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { getAdminSetting } from "../services/admin-settings/get-admin-setting";
import { AdminSettingInput } from "../services/admin-settings/schemas";
import { updateAdminSetting } from "../services/admin-settings/update-admin-setting";
import { getPaymentSettings, updatePaymentSettings } from "../services/payments/payment-settings";
import { PaymentSettingsInput } from "../services/payments/schemas";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** Spec 7: /api/admin/adminSetting, the owner's policy for teachers. */
const tags = ["Admin settings"];
const yesNo = z.enum(["Yes", "No"]);
const AdminSetting = z
  .object({
    quizTimeSettingAllowed: yesNo,
    questionTimeSettingAllowed: yesNo,
    negativeMarkingSettingAllowed: yesNo,
    showAnswerSettingAllowed: yesNo,
    passwordQuizSettingAllowed: yesNo,
    internalizationSettingAllowed: yesNo,
    maximumRoleLevelForTeacher: z.number().int().min(0).max(8),
    enableSubscription: yesNo,
    teacherRegistration: z.enum(TEACHER_REGISTRATION),
    defaultRoleLevel: z.number().int().min(0).max(8),
    completionCertificateBelowPass: z.enum(["Yes", "No"]).openapi({ description: "Below a quiz's pass mark, Yes issues a certificate of completion; No (default) none (ADR 0076)" }),
    leaderBoardForStudents: z.enum(LEADER_BOARD_FOR_STUDENTS).openapi({ description: "What students see of the leader board (ADR 0076); teachers and the owner always see it whole" }),
    timeZone: z.string().nullable().openapi({ description: "The school's time zone (IANA name, ADR 0082); null until the owner saves one, and pages then use each reader's own zone", example: "Europe/Paris" }),
  })
  .openapi("AdminSetting");

const getRoute = createRoute({
  method: "get",
  path: "/adminSetting",
  tags,
  summary: "The business's policy for teachers (any signed-in user of the business)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  responses: { 200: jsonResponse("The policy", z.object({ adminSetting: AdminSetting })), ...errorResponses(401) },
});

const updateRoute = createRoute({
  method: "post",
  path: "/adminSetting",
  tags,
  summary: "Set the policy (owner only); quiz time No also stores question time No",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(AdminSettingInput.openapi("AdminSettingInput")),
  responses: { 200: jsonResponse("Updated", z.object({ message: z.string(), code: z.literal("ADMIN_SETTING_UPDATED"), adminSetting: AdminSetting })), ...errorResponses(400, 401, 403) },
});

/** Decisions, Payment settings: secrets only as set / not set (ADR 0043). */
const PaymentSettings = AdminSetting.extend({
  CURRENCY: z.string().openapi({ example: "USD" }),
  STRIPE_PUBLISHABLE_KEY: z.string(),
  STRIPE_SECRET_KEY_SET: z.boolean(),
  SECOND_PROVIDER_PUBLIC_KEY: z.string(),
  SECOND_PROVIDER_PRIVATE_KEY_SET: z.boolean(),
  STRIPE_KEYS_FROM_ENVIRONMENT: z.boolean().openapi({ description: "The server's environment sets the card keys; they override the owner's" }),
  SUBSCRIPTIONS_AVAILABLE: z.boolean().openapi({ description: "Subscriptions are enabled and a card secret key is set" }),
}).openapi("PaymentSettings");

const getSettingsRoute = createRoute({
  method: "get",
  path: "/settings",
  tags,
  summary: "The currency, public payment keys, whether the secret keys are set, and the allowed flags (any signed-in user of the business)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  responses: { 200: jsonResponse("The settings", z.object({ data: PaymentSettings })), ...errorResponses(401) },
});

const putSettingsRoute = createRoute({
  method: "put",
  path: "/settings",
  tags,
  summary: "Set the payment settings (owner only); a secret left out or empty keeps the stored one: 'settings updated successfully'",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(PaymentSettingsInput.openapi("PaymentSettingsInput")),
  responses: {
    200: jsonResponse(
      "Updated",
      z.object({
        message: z.string(),
        code: z.literal("PAYMENT_SETTINGS_UPDATED"),
        data: PaymentSettings,
        // Issue 25, point 4: a new card secret key was checked with the provider and accepted (a refused key is a 400, an unreachable provider a 503).
        keyCheck: z.literal("accepted").optional().openapi({ description: "Present when a new STRIPE_SECRET_KEY was checked with the card provider and accepted" }),
        keyAnswer: z
          .object({ message: z.string(), code: z.literal("PAYMENT_KEY_ACCEPTED") })
          .optional()
          .openapi({ description: "With keyCheck: what a client says about the accepted key, by its code (docs/decisions/0061)" }),
      }),
    ),
    ...errorResponses(400, 401, 403, 409, 503),
  },
});

export const adminSettingRoutes = newRouter()
  .openapi(getSettingsRoute, async (c) => c.json({ data: await getPaymentSettings(c.var.services, callerOf(c)) }, 200))
  .openapi(putSettingsRoute, async (c) => c.json(await updatePaymentSettings(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(getRoute, async (c) => c.json({ adminSetting: await getAdminSetting(c.var.services, callerOf(c)) }, 200))
  .openapi(updateRoute, async (c) => c.json(await updateAdminSetting(c.var.services, callerOf(c), c.req.valid("json")), 200));
