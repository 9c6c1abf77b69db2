import { newRouter } from "../env";
import { authAccountRoutes } from "./auth-account";
import { authKeyRoutes } from "./auth-keys";
import { authMfaRoutes } from "./auth-mfa";
import { authPasswordRoutes } from "./auth-password";
import { authProviderRoutes } from "./auth-provider";
import { authSessionRoutes } from "./auth-session";
import { authVerifyEmailRoutes } from "./auth-verify-email";

/**
 * Everything under `/api/auth` (spec 7 Auth plus the decisions' password sign-in). Split by
 * concern into auth-*.ts files; mounted once: `api.route("/auth", authRoutes)`.
 */
export const authRoutes = newRouter()
  .route("/", authSessionRoutes)
  .route("/", authAccountRoutes)
  .route("/", authPasswordRoutes)
  .route("/", authKeyRoutes)
  .route("/", authMfaRoutes)
  .route("/", authProviderRoutes)
  .route("/", authVerifyEmailRoutes);
