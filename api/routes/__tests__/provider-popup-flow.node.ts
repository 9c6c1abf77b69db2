/**
 * The browser's provider popup, driven without a browser: start the request here (which
 * sets the request cookie), follow the authorization URL at the stand-in issuer, read the
 * ID token and state from the callback URL's fragment, and answer with the cookie.
 */
import { expect } from "vitest";
import { cookiesOf, post } from "./auth-helpers.node.ts";
import type { authTestApp } from "./auth-helpers.node.ts";

type App = Awaited<ReturnType<typeof authTestApp>>["app"];

export interface PopupAnswer {
  token: string;
  state: string;
  /** The Cookie header the browser would send back. */
  cookie: string;
  nonce: string;
}

export async function runProviderPopup(app: App): Promise<PopupAnswer> {
  const start = await post(app, "/provider/start");
  expect(start.status).toBe(200);
  const cookies = cookiesOf(start.headers);
  const issuerAnswer = await fetch(start.body.authorizationUrl, { redirect: "manual" });
  expect(issuerAnswer.status).toBe(302);
  const fragment = new URLSearchParams(new URL(issuerAnswer.headers.get("location")!).hash.slice(1));
  return {
    token: fragment.get("id_token")!,
    state: fragment.get("state")!,
    cookie: `quiz_oidc=${cookies.quiz_oidc}`,
    nonce: start.body.nonce,
  };
}

export const answerPopup = (app: App, answer: Pick<PopupAnswer, "token" | "state">, cookie?: string) =>
  post(app, "/provider/callback", { token: answer.token, state: answer.state }, cookie ? { cookie } : {});
