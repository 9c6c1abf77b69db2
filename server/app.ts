import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { createApi } from "../api/app";
import type { AppServices } from "../api/services/core/app-services";
import { ENDPOINT_NOT_FOUND } from "../api/errors";
import { errorEnvelope } from "../api/services/core/errors";
import { installArgon2id } from "../api/services/auth/password";
import { documentSecurityContext, servicesContext } from "../app/context";
import { contentSecurityPolicy, createNonce } from "./content-security-policy";
import { limitPageBody } from "./page-body-limit";
import { securityHeaders } from "./security-headers";
import { frameAncestorsOf } from "../api/services/lti/launch/frame-cookies";

/**
 * The one handler both runtimes serve: `/api/*` goes to the Hono API, everything else to
 * React Router (basename /quiz). Runtime entry points (server/node.ts, server/worker.ts)
 * build the services and call this.
 */
export function createApp(services: AppServices) {
  // Here, not only in the entry: on Node this app is a separate bundle with its own copy of
  // password.ts (build/server/index.js, or Vite's module graph in development).
  if (services.argon2id) installArgon2id(services.argon2id);
  const handleRequest = createRequestHandler(build, import.meta.env.MODE);
  const app = new Hono();
  // Before the security headers, so it sees theirs: a session opened by an LTI launch inside
  // an LMS's frame (ADR 0087) is framed by that LMS only, which the page's
  // Content-Security-Policy `frame-ancestors` says; X-Frame-Options cannot name an origin.
  app.use(async (c, next) => {
    await next();
    const policy = c.res.headers.get("Content-Security-Policy") ?? "";
    if (/frame-ancestors (?!'none')/.test(policy)) c.res.headers.delete("X-Frame-Options");
  });
  app.use(securityHeaders(services.config));
  app.route("/api", createApi(services));
  // A mounted sub-app's notFound does not apply to the parent: answer unknown API paths
  // here with the JSON envelope instead of letting React Router render an HTML 404.
  app.all("/api/*", (c) => c.json(errorEnvelope(404, ENDPOINT_NOT_FOUND), 404));
  app.get("/", (c) => c.redirect("/quiz"));
  // Browsers ask for /favicon.ico on their own; the icon lives with the app's assets.
  app.get("/favicon.ico", (c) => c.redirect("/quiz/favicon.svg", 301));
  // `*`, not `/quiz/*`: client navigations fetch `/quiz.data`, which that pattern misses.
  // Bodies are limited before React Router reads any (the API limits its own).
  app.all("*", limitPageBody, (c) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    // Vite's dev server injects scripts of its own; the policy applies to built apps.
    if (!import.meta.env.DEV) {
      const nonce = createNonce();
      const frameAncestors = frameAncestorsOf(c.req.header("cookie"), services.config);
      context.set(documentSecurityContext, { nonce, contentSecurityPolicy: contentSecurityPolicy(nonce, frameAncestors) });
    }
    return handleRequest(c.req.raw, context);
  });
  return app;
}
