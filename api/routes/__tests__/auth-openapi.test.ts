import { beforeAll, describe, expect, it } from "vitest";
import { authTestApp, send } from "./auth-helpers.node.ts";

const POST_PATHS = [
  "/register",
  "/login",
  "/refresh",
  "/logout",
  "/forgot-password",
  "/reset-password",
  "/password-strength",
  "/login_using_keys",
  "/check_user_existance",
  "/create_user",
  "/create_user_with_userdata",
  "/login_with_user_module",
  "/login_with_user_module_with_user_data",
  "/switch_user_type",
  "/keys",
  "/verify-email",
  "/verify-email/resend",
  "/provider/start",
  "/provider/callback",
];

describe("auth API surface", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];

  beforeAll(async () => {
    ({ app } = await authTestApp());
  });

  it("documents every auth route and its named request schemas in openapi.json", async () => {
    const response = await app.request("/openapi.json");
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    for (const path of POST_PATHS) expect(document.paths[`/auth${path}`]?.post, path).toBeDefined();
    expect(document.paths["/auth/me"].get).toBeDefined();
    expect(document.paths["/auth/provider"].get).toBeDefined();
    expect(document.paths["/auth/keys"].delete).toBeDefined();
    for (const name of ["RegisterInput", "LoginInput", "KeyLoginInput", "ResetPasswordInput", "Session", "SessionUser", "ErrorEnvelope"]) {
      expect(document.components.schemas[name], name).toBeDefined();
    }
  });

  // Hostile or careless input of every shape must end in a 4xx envelope, never a 500.
  const bodies: unknown[] = [
    "null",
    "42",
    '"text"',
    "[]",
    "{",
    "{}",
    { email: null, password: null, token: null, refreshToken: null },
    { email: { $gt: "" }, password: ["a"], public_key: {}, private_key: [], module_id: 1 },
    { email: "a@b.co", password: "x".repeat(100_000), token: "é".repeat(3000) },
    { email: "\u0000@\u0000.co", fullname: "\ud800", username: "<script>", token: "a.b.c" },
  ];

  it.each(POST_PATHS)("POST /auth%s never answers 5xx to malformed input", async (path) => {
    for (const body of bodies) {
      const res = await send(app, "POST", path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
      if (res.status >= 400) expect(res.body.message).toEqual(expect.any(String));
    }
  });
});
