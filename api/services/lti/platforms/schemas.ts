import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../../core/coded";
import { singleLine } from "../../core/single-line";
import { LTI_LIMITS } from "../registration/messages";
import { isPlatformUrlAllowed } from "../platform-urls";

const tooLong = schemaMessage("LTI_VALUE_TOO_LONG", { max: LTI_LIMITS.value });
const required = (code: string) => singleLine(z.string({ error: schemaMessage(code) }).trim().min(1, schemaMessage(code)).max(LTI_LIMITS.value, tooLong));

/** A platform URL: https (or, under the test allowance, http to this machine). */
const platformUrl = (allowHttp: boolean) =>
  z
    .string({ error: schemaMessage("LTI_URL_INVALID") })
    .trim()
    .max(LTI_LIMITS.value, tooLong)
    .refine((value) => isPlatformUrlAllowed(value, allowHttp), schemaMessage("LTI_URL_INVALID"));

/** Deployment ids as a list, or as the form's text: one per line or separated by commas. */
const deploymentIds = z.preprocess(
  (value) => (typeof value === "string" ? value.split(/[\n,]/) : value),
  z
    .array(z.string({ error: schemaMessage("LTI_DEPLOYMENT_IDS_REQUIRED") }).trim().max(LTI_LIMITS.value, tooLong), { error: schemaMessage("LTI_DEPLOYMENT_IDS_REQUIRED") })
    .transform((ids) => [...new Set(ids.filter(Boolean))])
    .refine((ids) => ids.length > 0, schemaMessage("LTI_DEPLOYMENT_IDS_REQUIRED"))
    .refine((ids) => ids.length <= LTI_LIMITS.deployments, schemaMessage("LTI_DEPLOYMENT_IDS_TOO_MANY", { max: LTI_LIMITS.deployments })),
);

export const platformName = singleLine(
  z
    .string({ error: schemaMessage("LTI_NAME_REQUIRED") })
    .trim()
    .min(1, schemaMessage("LTI_NAME_REQUIRED"))
    .max(LTI_LIMITS.name, schemaMessage("LTI_NAME_TOO_LONG", { max: LTI_LIMITS.name })),
);

/**
 * A platform added by hand (issue 29 point 1): what an LMS's tool page shows its admin. `allowHttp`
 * is the config's test allowance; the form and the API use the same schema.
 */
export const addPlatformInput = (allowHttp: boolean) =>
  z.object(
    {
      name: platformName,
      issuer: required("LTI_ISSUER_REQUIRED").refine((value) => isPlatformUrlAllowed(value, allowHttp), schemaMessage("LTI_URL_INVALID")),
      clientId: required("LTI_CLIENT_ID_REQUIRED"),
      deploymentIds,
      authLoginUrl: platformUrl(allowHttp),
      authTokenUrl: platformUrl(allowHttp),
      authTokenAudience: z
        .string()
        .trim()
        .max(LTI_LIMITS.value, tooLong)
        .optional()
        .nullable()
        .transform((value) => value || null),
      keySetUrl: platformUrl(allowHttp),
    },
    { error: BODY_NOT_AN_OBJECT },
  );
export type AddPlatformInput = z.input<ReturnType<typeof addPlatformInput>>;
export type PlatformValues = z.output<ReturnType<typeof addPlatformInput>>;

const platformId = z.coerce.number({ error: "platformId must be an id" }).int("platformId must be an id").positive("platformId must be an id");
export const PlatformIdInput = z.object({ platformId }, { error: BODY_NOT_AN_OBJECT });
export const PlatformEnabledInput = z.object({ platformId, enabled: z.boolean({ error: "enabled must be true or false" }) }, { error: BODY_NOT_AN_OBJECT });
