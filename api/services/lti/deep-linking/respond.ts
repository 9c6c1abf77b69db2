import { SignJWT } from "jose";
import { z } from "zod";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { toolValues } from "../platforms/our-values";
import { toolSigningKey } from "../platforms/tool-key";
import { consumeDeepLinkRequest, deepLinkExpired, loadDeepLinkRequest } from "./load-request";
import { DEEP_LINKING_CLAIMS } from "./settings";
import { quizCallerMayPlace } from "./picker-quizzes";

/** The response is posted at once by the teacher's browser: it need not live long. */
export const DEEP_LINK_RESPONSE_TTL_SECONDS = 5 * 60;
/** Scores go back as percentages (AGS scores carry their own maximum, the column is out of 100). */
export const LINE_ITEM_SCORE_MAXIMUM = 100;

export const RespondInput = z.object({ token: z.string().max(100), quizId: z.coerce.number().int().positive() });

/** The resource id a line item names its quiz by (pinned: "quiz-<id>"). */
export const lineItemResourceId = (quizId: number) => `quiz-${quizId}`;

/**
 * The teacher's choice back to the platform (Deep Linking 2.0 §4.2): an LtiDeepLinkingResponse
 * JWT signed with our key (iss = our client id, aud = the platform's issuer, a fresh nonce, the
 * deployment, `data` echoed) holding one ltiResourceLink to the quiz with its line item, for the
 * browser to post (form field JWT) to deep_link_return_url. The request is answered once.
 */
export async function respondToDeepLink(services: AppServices, caller: Caller, input: unknown) {
  const { token, quizId } = RespondInput.parse(input);
  const { request, platform, settings } = await loadDeepLinkRequest(services, caller, token);
  const quiz = await quizCallerMayPlace(services, caller, quizId);
  const key = await toolSigningKey(services);
  if (!(await consumeDeepLinkRequest(services, request.id))) throw deepLinkExpired();

  const now = Math.floor(services.now().getTime() / 1000);
  const contentItem = {
    type: "ltiResourceLink",
    title: quiz.quizName,
    text: quiz.quizDescription,
    url: toolValues(services.config.appUrl).launchUrl,
    custom: { quiz_id: String(quiz.id) },
    lineItem: { scoreMaximum: LINE_ITEM_SCORE_MAXIMUM, label: quiz.quizName, resourceId: lineItemResourceId(quiz.id) },
  };
  const jwt = await new SignJWT({
    nonce: crypto.randomUUID(),
    [DEEP_LINKING_CLAIMS.messageType]: "LtiDeepLinkingResponse",
    [DEEP_LINKING_CLAIMS.version]: "1.3.0",
    [DEEP_LINKING_CLAIMS.deploymentId]: request.deploymentId,
    [DEEP_LINKING_CLAIMS.contentItems]: [contentItem],
    ...(settings.data !== undefined ? { [DEEP_LINKING_CLAIMS.data]: settings.data } : {}),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + DEEP_LINK_RESPONSE_TTL_SECONDS)
    .sign(key.privateKey);
  return { returnUrl: settings.deep_link_return_url, jwt, quizName: quiz.quizName, platformIssuer: platform.issuer };
}
