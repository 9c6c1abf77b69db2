import { and, eq } from "drizzle-orm";
import { ltiResourceLinks, quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { type LtiClaims, LTI_CLAIM, QUIZ_ID_CUSTOM_PARAMETER } from "./claims";
import { refuse } from "./refusals";

/**
 * The quiz a resource link opens, and the AGS endpoint of its latest launch (ltigrades sends
 * scores there). The quiz comes from the `quiz_id` custom parameter (the content item deep
 * linking returned carries it, or an LMS admin typed it) or from the link's row made by an
 * earlier launch or by deep linking. Either way it must be a quiz of the platform's business:
 * any other id is "not found", exactly as if it did not exist.
 */
export interface LinkedQuiz {
  quizId: number;
  teacherId: number;
}

async function quizOfBusiness(services: AppServices, businessId: number, quizId: number): Promise<LinkedQuiz | null> {
  const [quiz] = await services.db
    .select({ quizId: quizzes.id, teacherId: quizzes.teacherId })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.businessId, businessId)))
    .limit(1);
  return quiz ?? null;
}

function customQuizId(claims: LtiClaims): number | null | "malformed" {
  const value = claims[LTI_CLAIM.custom]?.[QUIZ_ID_CUSTOM_PARAMETER];
  if (value === undefined || value === null || value === "") return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : "malformed";
}

/** The link's quiz, recording the link (and its AGS endpoint); null when neither the claim nor a row names one. */
export async function quizOfLink(
  services: AppServices,
  platform: { id: number; businessId: number },
  claims: LtiClaims,
  contextRowId: number | null,
): Promise<LinkedQuiz | null> {
  const link = claims[LTI_CLAIM.resourceLink];
  if (!link) return refuse("LTI_MESSAGE_INVALID", "resource_link claim missing");
  const custom = customQuizId(claims);
  if (custom === "malformed") return refuse("LTI_QUIZ_NOT_FOUND", "custom quiz_id malformed");
  const [row] = await services.db
    .select()
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.platformId, platform.id), eq(ltiResourceLinks.resourceLinkId, link.id)))
    .limit(1);
  const quizId = custom ?? row?.quizId ?? null;
  if (quizId === null) return null;
  const quiz = await quizOfBusiness(services, platform.businessId, quizId);
  if (!quiz) return refuse("LTI_QUIZ_NOT_FOUND", `quiz ${quizId} is not of the platform's business`);

  const ags = claims[LTI_CLAIM.agsEndpoint];
  const now = services.now();
  const fields = {
    quizId: quiz.quizId,
    contextRowId: contextRowId ?? row?.contextRowId ?? null,
    lineItemUrl: ags?.lineitem ?? row?.lineItemUrl ?? null,
    lineItemsUrl: ags?.lineitems ?? row?.lineItemsUrl ?? null,
    agsScopes: ags?.scope?.join(" ") ?? row?.agsScopes ?? null,
    updatedAt: now,
  };
  await services.db
    .insert(ltiResourceLinks)
    .values({ platformId: platform.id, resourceLinkId: link.id, ...fields, createdAt: now })
    .onConflictDoUpdate({ target: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId], set: fields });
  return quiz;
}
