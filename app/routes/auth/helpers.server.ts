import type { AppServices } from "../../../api/services/core/app-services";
import type { SessionTokens } from "../../../api/services/auth/types";
import { redirectWithSession } from "../../utils/responses.server";
import { RETURN_PARAM, safeReturnPath } from "../../utils/return-after-sign-in";

// Form answers live in app/utils/form-answers.server.ts (every area uses them); re-exported here.
export { actionFailure, field, type ActionFailure } from "../../utils/form-answers.server";

/**
 * The signed-in landing: the session cookies are set on the redirect to "/" (which sends each
 * user type home), or to the page the login address says to return to when it is one of this
 * app's (a join link opened signed out: return-after-sign-in.ts).
 */
export function redirectSignedIn(services: AppServices, tokens: Pick<SessionTokens, "accessToken" | "refreshToken">, request: Request) {
  return redirectWithSession(services.config, tokens, safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM)) ?? "/");
}
