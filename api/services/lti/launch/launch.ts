import type { LtiPlatformRow } from "../../../../db/schema/lti";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { landsAsAuthor, mayReadQuizResults } from "../../core/permissions";
import { callerFor, loadSessionUser } from "../../auth/load-session-user";
import { DEEP_LINKING_REQUEST, type DeepLinkingSettings, isTeacherRole, LTI_CLAIM } from "./claims";
import { classOfCourse } from "./course-class";
import { userOfLaunch } from "./identity";
import { useNonce } from "./nonces";
import { assertDeploymentKnown, platformById } from "./platforms";
import { startLinkChoice } from "../link-choice/start";
import { refuse } from "./refusals";
import { quizOfLink } from "./resource-link";
import { type LoginState, readState, stateBinding } from "./state";
import { verifyIdToken } from "./verify-id-token";

/**
 * The launch (IMS Security 1.0 §5.1.1.3 and §5.1.3, LTI Core §5): the form post of the
 * platform's id_token. The state is checked first (ours, unexpired, this browser's), then the
 * token against the platform the state names, then the deployment, then the nonce's single
 * use; only then does anything change (the user, the class, the link). The answer names the
 * user to sign in and where they land; the route opens the session.
 */

/** Deep linking's entry (ltireg's `startDeepLinking`, api/services/lti/deep-linking/start.ts). */
export type StartDeepLinking = (
  services: AppServices,
  input: { platform: LtiPlatformRow; deploymentId: string; userId: number; settings: DeepLinkingSettings },
) => Promise<string>;

export interface LaunchInput {
  idToken: string | undefined;
  state: string | undefined;
  cookieHeader: string | null | undefined;
}

export type LaunchAnswer =
  | { kind: "signedIn"; userId: number; redirectTo: string; platform: LtiPlatformRow; state: string }
  /** The browser sent no state cookie (a frame whose cookies are blocked): restart at top level. */
  | { kind: "cookiesBlocked"; login: LoginState; state: string };

export const studentLanding = (quizId: number) => `/quiz/student/quizPool/${quizId}/take`;
export const statsLanding = (quizId: number) => `/quiz/teacher/quiz/${quizId}/viewStats`;
export const viewLanding = (quizId: number) => `/quiz/teacher/quiz/${quizId}/view`;
/** Where an author lands on a quiz (a launch, the link chooser): its stats when they read its results, its view otherwise. */
export const authorLanding = (caller: Caller, quiz: { id: number; teacherId: number }) => (mayReadQuizResults(caller, quiz) ? statsLanding(quiz.id) : viewLanding(quiz.id));

export async function launch(services: AppServices, input: LaunchInput, startDeepLinking: StartDeepLinking | null): Promise<LaunchAnswer> {
  const { idToken, state } = input;
  if (!idToken || !state) return refuse("LTI_BAD_REQUEST", "id_token and state are required");
  const now = services.now();
  const login = await readState(services.config, state, now);
  const binding = await stateBinding(input.cookieHeader, state);
  if (binding === "blocked") return { kind: "cookiesBlocked", login, state };
  if (binding === "other") return refuse("LTI_STATE_MISMATCH", "the state is not this browser's");

  const platform = await platformById(services, login.platformId);
  const { claims, exp } = await verifyIdToken(services.config, platform, idToken, login.nonce, now);
  const deploymentId = claims[LTI_CLAIM.deploymentId];
  await assertDeploymentKnown(services, platform.id, deploymentId);
  await useNonce(services, platform.id, login.nonce, exp);

  const teacherRole = isTeacherRole(claims[LTI_CLAIM.roles]);
  if (claims[LTI_CLAIM.messageType] === DEEP_LINKING_REQUEST) {
    if (!teacherRole) return refuse("LTI_DEEP_LINKING_NOT_ALLOWED");
    const settings = claims[LTI_CLAIM.deepLinkingSettings];
    if (!settings) return refuse("LTI_MESSAGE_INVALID", "deep_linking_settings claim missing");
    if (!startDeepLinking) return refuse("LTI_DEEP_LINKING_UNAVAILABLE");
    const { userId } = await userOfLaunch(services, platform, claims);
    const redirectTo = await startDeepLinking(services, { platform, deploymentId, userId, settings });
    return { kind: "signedIn", userId, redirectTo, platform, state };
  }

  const link = claims[LTI_CLAIM.resourceLink];
  if (!link) return refuse("LTI_MESSAGE_INVALID", "resource_link claim missing");
  const identity = await userOfLaunch(services, platform, claims);
  const user = await loadSessionUser(services, identity.userId);
  if (!user) throw new Error("LTI user vanished");
  const caller = callerFor(user);
  const asAuthor = landsAsAuthor(caller);
  const course = await classOfCourse(services, platform, claims, { userId: identity.userId, asTeacher: asAuthor });
  const quiz = await quizOfLink(services, platform, claims, course?.contextRowId ?? null);
  if (!quiz && !asAuthor) return refuse("LTI_LINK_NOT_READY");
  if (!quiz) {
    // A link made without deep linking: its instructor chooses the quiz now (link-choice/).
    const choice = { platformId: platform.id, businessId: platform.businessId, resourceLinkId: link.id, title: link.title ?? null, contextRowId: course?.contextRowId ?? null, userId: identity.userId };
    return { kind: "signedIn", userId: identity.userId, redirectTo: await startLinkChoice(services, choice), platform, state };
  }
  const redirectTo = asAuthor ? authorLanding(caller, { id: quiz.quizId, teacherId: quiz.teacherId }) : studentLanding(quiz.quizId);
  return { kind: "signedIn", userId: identity.userId, redirectTo, platform, state };
}
