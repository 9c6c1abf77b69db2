import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ltiPlatforms, ltiResourceLinks, quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { NotFound } from "../../core/errors";
import { assertMayChooseQuizzesForLinks, mayChooseQuizForLink } from "../../core/permissions";
import { deepLinkExpired } from "../deep-linking/load-request";
import { quizCallerMayPlace, quizzesCallerMayPlace } from "../deep-linking/picker-quizzes";
import { authorLanding, viewLanding } from "../launch/launch";
import { LINK_CHOICE_TOKEN_MAX, type LinkChoice, readLinkChoice } from "./token";

/**
 * The chooser of a resource link that opens no quiz (issue 29 point 2, ADR 0091), what Moodle's
 * and Canvas's tools do for a link made without deep linking: the instructor whose launch found
 * it empty picks one of the quizzes they may place (the deep-linking picker's list) and the link
 * opens it from then on, for everyone. A student is refused by role (403); another author holding the token, or another business's
 * quiz, is the 404 of a thing never made; an expired token (or a disabled platform) is the 410
 * of a stale choice. The first choice binds the link; a later one (a second tab, a replayed
 * form) changes nothing and lands on the link's quiz.
 */
export const ChooseLinkQuizInput = z.object({ token: z.string().max(LINK_CHOICE_TOKEN_MAX), quizId: z.coerce.number().int().positive() });

async function loadLinkChoice(services: AppServices, caller: Caller, token: string) {
  assertMayChooseQuizzesForLinks(caller);
  const choice = await readLinkChoice(services.config, token, services.now());
  if (choice === null) throw new NotFound("resource link");
  if (choice === "expired") throw deepLinkExpired();
  if (choice.businessId !== caller.businessId || !mayChooseQuizForLink(caller, choice)) throw new NotFound("resource link");
  const [platform] = await services.db
    .select({ name: ltiPlatforms.name, enabled: ltiPlatforms.enabled })
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, choice.platformId), eq(ltiPlatforms.businessId, caller.businessId)))
    .limit(1);
  if (!platform) throw new NotFound("resource link");
  if (!platform.enabled) throw deepLinkExpired();
  return { choice, platform };
}

/** The link's quiz when it has one already (chosen here or by deep linking since the launch). */
async function boundQuizId(services: AppServices, choice: LinkChoice): Promise<number | null> {
  const [row] = await services.db
    .select({ quizId: ltiResourceLinks.quizId })
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.platformId, choice.platformId), eq(ltiResourceLinks.resourceLinkId, choice.resourceLinkId)))
    .limit(1);
  return row?.quizId ?? null;
}

/** Where the instructor lands on the link's quiz, as a launch does (authorLanding). */
async function landingOn(services: AppServices, caller: Caller, quizId: number): Promise<string> {
  const [quiz] = await services.db.select({ id: quizzes.id, teacherId: quizzes.teacherId }).from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
  return quiz ? authorLanding(caller, quiz) : viewLanding(quizId);
}

/** The chooser's page: the link and the quizzes to choose from; `chosen` is where to go when the link opens a quiz already. */
export async function linkChooser(services: AppServices, caller: Caller, token: string, search: string) {
  const { choice, platform } = await loadLinkChoice(services, caller, token);
  const bound = await boundQuizId(services, choice);
  if (bound !== null) return { chosen: await landingOn(services, caller, bound), platformName: platform.name, linkTitle: choice.title, quizzes: [] };
  return { chosen: null, platformName: platform.name, linkTitle: choice.title, quizzes: await quizzesCallerMayPlace(services, caller, search) };
}

/** The instructor's choice: the link opens this quiz from now on; answers where they land. */
export async function chooseQuizForLink(services: AppServices, caller: Caller, input: unknown): Promise<{ redirectTo: string }> {
  const { token, quizId } = ChooseLinkQuizInput.parse(input);
  const { choice } = await loadLinkChoice(services, caller, token);
  const quiz = await quizCallerMayPlace(services, caller, quizId);
  const now = services.now();
  // The AGS endpoint is not in the token: every launch of the link records it (quizOfLink).
  await services.db
    .insert(ltiResourceLinks)
    .values({ platformId: choice.platformId, resourceLinkId: choice.resourceLinkId, quizId: quiz.id, contextRowId: choice.contextRowId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId] });
  // A link bound by another choice since (a second tab) opens that one: the chosen quiz's row is read already.
  const bound = (await boundQuizId(services, choice)) ?? quiz.id;
  return { redirectTo: bound === quiz.id ? authorLanding(caller, quiz) : await landingOn(services, caller, bound) };
}
