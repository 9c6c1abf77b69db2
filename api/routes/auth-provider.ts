import { createRoute, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { newRouter } from "../env";
import { deviceOf } from "../services/auth/sessions";
import { callerOf, requireAuth } from "../middleware/auth";
import { checkUserExistence } from "../services/auth/check-user-existence";
import { createUser } from "../services/auth/create-user";
import { createUserWithUserData } from "../services/auth/create-user-with-user-data";
import { getProviderConfig } from "../services/auth/get-provider-config";
import { loginWithProvider, loginWithProviderAndUserData, loginWithProviderPopup } from "../services/auth/login-with-provider";
import { clearProviderRequestCookie, providerRequestCookie, providerRequestCookieName } from "../services/auth/provider-request";
import { startProviderSignIn } from "../services/auth/start-provider-sign-in";
import {
  CheckUserExistenceInput,
  CreateUserInput,
  CreateUserWithUserDataInput,
  ProviderCallbackInput,
  ProviderLoginInput,
  ProviderLoginWithUserDataInput,
} from "../services/auth/schemas";
import { errorResponses, jsonBody, jsonResponse, optionalCaller, Session, SessionUser, setSessionCookies } from "./auth-http";

/** Sign-in through the OpenID Connect provider (spec 2.2, 7) and account creation. */
const tags = ["Auth"];
const secured = [{ bearer: [] }];

const ProviderConfig = z
  .object({
    enabled: z.boolean(),
    issuer: z.string().optional(),
    clientId: z.string().optional(),
    authorizationEndpoint: z.string().optional(),
  })
  .openapi("ProviderConfig");

const ProviderSignInStart = z
  .object({ authorizationUrl: z.string(), state: z.string(), nonce: z.string() })
  .openapi("ProviderSignInStart");

const UserCreated = z.object({ message: z.string(), user: SessionUser }).openapi("UserCreated");

export const authProviderRoutes = newRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/provider",
      tags,
      summary: "Whether provider sign-in is available, and where its popup starts",
      responses: { 200: jsonResponse("Provider settings for the login page", ProviderConfig) },
    }),
    async (c) => c.json(await getProviderConfig(c.var.services), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/provider/start",
      tags,
      summary: "Start the sign-in popup: the authorization URL with a fresh state and nonce, bound to this browser by a 10-minute httpOnly cookie",
      responses: { 200: jsonResponse("Where the popup goes", ProviderSignInStart), ...errorResponses(404, 503) },
    }),
    async (c) => {
      const { cookieValue, ...start } = await startProviderSignIn(c.var.services);
      c.header("Set-Cookie", providerRequestCookie(c.var.services.config, cookieValue), { append: true });
      c.header("Cache-Control", "no-store");
      return c.json(start, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/provider/callback",
      tags,
      summary: "Finish the popup started here: the ID token must carry this browser's nonce and the state must match; signs in or creates a Student",
      request: jsonBody(ProviderCallbackInput.openapi("ProviderCallbackInput")),
      responses: { 200: jsonResponse("Signed in", Session), ...errorResponses(400, 401, 404, 409, 415, 503) },
    }),
    async (c) => {
      const { config } = c.var.services;
      const requestCookie = getCookie(c, providerRequestCookieName(config));
      // Single use: whatever the outcome, this request is spent.
      c.header("Set-Cookie", clearProviderRequestCookie(config), { append: true });
      const session = await loginWithProviderPopup(c.var.services, c.req.valid("json"), requestCookie, deviceOf(c.req.raw.headers));
      setSessionCookies(c, session);
      return c.json(session, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/login_with_user_module",
      tags,
      summary: "Sign in with a provider ID token; an unknown user is created as a Student",
      request: jsonBody(ProviderLoginInput.openapi("ProviderLoginInput")),
      responses: { 200: jsonResponse("Signed in", Session), ...errorResponses(400, 401, 404, 409, 415, 503) },
    }),
    async (c) => {
      const session = await loginWithProvider(c.var.services, c.req.valid("json"), deviceOf(c.req.raw.headers));
      setSessionCookies(c, session);
      return c.json(session, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/login_with_user_module_with_user_data",
      tags,
      summary: "As login_with_user_module; fullname and username are used if the account is created",
      request: jsonBody(ProviderLoginWithUserDataInput.openapi("ProviderLoginWithUserDataInput")),
      responses: { 200: jsonResponse("Signed in", Session), ...errorResponses(400, 401, 404, 409, 415, 503) },
    }),
    async (c) => {
      const session = await loginWithProviderAndUserData(c.var.services, c.req.valid("json"), deviceOf(c.req.raw.headers));
      setSessionCookies(c, session);
      return c.json(session, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/check_user_existance",
      tags,
      security: [...secured, {}],
      summary: "Does an account exist: for a provider ID token (anyone), or an e-mail (teachers and owners, own business)",
      request: jsonBody(CheckUserExistenceInput.openapi("CheckUserExistenceInput")),
      responses: {
        200: jsonResponse("Answer", z.object({ userexists: z.boolean() }).openapi("UserExists")),
        ...errorResponses(400, 401, 403, 404, 415, 503),
      },
    }),
    async (c) => c.json(await checkUserExistence(c.var.services, await optionalCaller(c), c.req.valid("json")), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/create_user",
      tags,
      security: [...secured, {}],
      summary: "Create the account of a provider ID token (Student; owners may create Teachers)",
      request: jsonBody(CreateUserInput.openapi("CreateUserInput")),
      responses: { 201: jsonResponse("Created", UserCreated), ...errorResponses(400, 401, 403, 404, 409, 415, 503) },
    }),
    async (c) => {
      const user = await createUser(c.var.services, await optionalCaller(c), c.req.valid("json"));
      return c.json({ message: "User created", user }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/create_user_with_userdata",
      tags,
      security: secured,
      middleware: [requireAuth] as const,
      summary: "The owner creates a Student or Teacher in their business",
      request: jsonBody(CreateUserWithUserDataInput.openapi("CreateUserWithUserDataInput")),
      responses: { 201: jsonResponse("Created", UserCreated), ...errorResponses(400, 401, 403, 409, 415) },
    }),
    async (c) => {
      const user = await createUserWithUserData(c.var.services, callerOf(c), c.req.valid("json"));
      return c.json({ message: "User created", user }, 201);
    },
  );
