import { jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LmsStandIn, startLmsStandIn } from "../../../test-support/lms-stand-in/index.node";
import { PLATFORM_MAX_BYTES } from "../platform-fetch";
import { forgetKeySets, platformKeys } from "./key-set";

/**
 * The launch's key set fetched through platform-fetch.ts (issue 29, ADR 0087): the LMS
 * stand-in publishes its keys at /jwks; beside it, a platform whose key-set URL moves within
 * its origin, moves to another origin, or answers more than the cap.
 */
let lms: LmsStandIn;
const allow = { ltiAllowHttp: true };

beforeAll(async () => {
  lms = await startLmsStandIn({
    toolUrl: "http://127.0.0.1:1",
    extraParts: (url) => [
      (request) => {
        const path = new URL(request.url).pathname;
        if (path === "/moved-jwks") return new Response(null, { status: 302, headers: { location: "/jwks" } });
        // The same stand-in by another name: another origin, whose answer we must not take.
        if (path === "/elsewhere-jwks") return new Response(null, { status: 302, headers: { location: `${url.replace("127.0.0.1", "localhost")}/jwks` } });
        if (path === "/huge-jwks") return Response.json({ keys: [], padding: "x".repeat(PLATFORM_MAX_BYTES) });
        return null;
      },
    ],
  });
});
afterAll(() => lms.close());
beforeEach(() => forgetKeySets());

/** A token the stand-in signs, checked with the keys read from `path`: "verified", or the refusal's code. */
async function verifyWith(path: string, config = allow): Promise<string> {
  const token = await lms.oidc.mint({ sub: "learner-1" });
  return jwtVerify(token, platformKeys(`${lms.url}${path}`, config)).then(
    () => "verified",
    (error: { code?: string }) => error.code ?? String(error),
  );
}

describe("the platform's key set", () => {
  it("verifies a token with the published keys, also when the key-set URL moves within its origin", async () => {
    expect(await verifyWith("/jwks")).toBe("verified");
    expect(await verifyWith("/moved-jwks")).toBe("verified");
  });

  it("is unavailable when it moves to another origin, answers more than the cap, or is plain http without the test allowance", async () => {
    expect(await verifyWith("/elsewhere-jwks")).toBe("LTI_KEYS_UNAVAILABLE");
    expect(await verifyWith("/huge-jwks")).toBe("LTI_KEYS_UNAVAILABLE");
    expect(await verifyWith("/jwks", { ltiAllowHttp: false })).toBe("LTI_KEYS_UNAVAILABLE");
  });
});
