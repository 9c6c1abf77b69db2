import type { AppServices } from "../../../api/services/core/app-services";
import type { SessionTokens } from "../../../api/services/auth/types";
import { redirectWithSession } from "../../utils/responses.server";

// Form answers live in app/utils/form-answers.server.ts (every area uses them); re-exported here.
export { actionFailure, field, type ActionFailure } from "../../utils/form-answers.server";

/** The signed-in landing: the session cookies are set on the redirect to "/". */
export function redirectSignedIn(services: AppServices, tokens: Pick<SessionTokens, "accessToken" | "refreshToken">, to = "/") {
  return redirectWithSession(services.config, tokens, to);
}
