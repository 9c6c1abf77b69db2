import { ltiDeepLinkRequests, type LtiPlatformRow } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { Invalid } from "../../core/errors";
import { say } from "../../message-codes";
import { deepLinkingSettingsSchema } from "./settings";
import { newPickerToken, pickerTokenHash } from "./token";

/** A teacher has this long to pick (or create) a quiz after the LMS asked. */
export const DEEP_LINK_REQUEST_TTL_MS = 60 * 60 * 1000;

/** The picker's address for a token (under the app's basename). */
export const pickerPath = (token: string) => `/quiz/teacher/lti/deep-link/${token}`;

export interface StartDeepLinkingInput {
  platform: Pick<LtiPlatformRow, "id" | "businessId">;
  deploymentId: string;
  /** The teacher the launch signed in. */
  userId: number;
  /** The verified https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings claim. */
  settings: unknown;
}

/**
 * Launch → deep linking (pinned between the LTI helpers): keeps the verified settings on the
 * server, short-lived, answered once, bound to the teacher, and returns the picker's path to
 * redirect the signed-in teacher to. Settings we cannot answer (no ltiResourceLink accepted, a
 * return URL that is not https) are a 400 here, before a teacher picks anything.
 */
export async function startDeepLinking(services: AppServices, input: StartDeepLinkingInput): Promise<string> {
  const parsed = deepLinkingSettingsSchema(services.config.ltiAllowHttp).safeParse(input.settings);
  if (!parsed.success) throw new Invalid(say("LTI_DEEP_LINK_SETTINGS_INVALID", { detail: `${parsed.error.issues[0].path.join(".")} ${parsed.error.issues[0].message}` }));
  const token = newPickerToken();
  const now = services.now();
  await services.db.insert(ltiDeepLinkRequests).values({
    tokenHash: await pickerTokenHash(token),
    businessId: input.platform.businessId,
    platformId: input.platform.id,
    deploymentId: input.deploymentId,
    userId: input.userId,
    settings: JSON.stringify(parsed.data),
    expiresAt: new Date(now.getTime() + DEEP_LINK_REQUEST_TTL_MS),
    createdAt: now,
  });
  return pickerPath(token);
}
