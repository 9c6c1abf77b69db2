/**
 * No user input may produce a 500 (issue: "Bad input"). Every JSON endpoint in the published
 * contract gets malformed JSON, an empty body, wrong types, over-long strings and a body of
 * the wrong shape, anonymously and as a signed-in owner; each must answer 4xx with the
 * error envelope (a `message` and one of the documented `code`s) and leave the database unchanged.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../../test-support/factories.node.ts";
import type { AppServices } from "../../services/core/app-services";
import { ERROR_CODES } from "../../services/core/errors";
import { MESSAGE_CODE_NAMES } from "../../services/message-codes";
import { bearer, createTestApi, createTestServices } from "../../test-support/test-app.node.ts";

interface Operation {
  method: string;
  path: string;
  properties: string[];
}

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let ownerHeaders: Record<string, string>;
let operations: Operation[];

const TABLES = ["users", "businesses", "refresh_tokens", "api_key_pairs", "password_reset_tokens", "email_outbox", "files", "user_mfa", "mfa_recovery_codes"];

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await services.db.all<{ n: number }>(sql.raw(`select count(*) as n from ${table}`));
    counts[table] = row.n;
  }
  return counts;
}

beforeAll(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  const tenant = await createTenant(services.db);
  ownerHeaders = await bearer(services, tenant.owner);
  const document = await (await app.request("/openapi.json")).json();
  operations = [];
  for (const [path, methods] of Object.entries<Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object; $ref?: string } }> } }>>(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const json = operation.requestBody?.content?.["application/json"]?.schema;
      if (!json) continue;
      const schema = json.$ref ? document.components.schemas[json.$ref.split("/").pop()!] : json;
      operations.push({ method: method.toUpperCase(), path, properties: Object.keys(schema?.properties ?? {}) });
    }
  }
});

/** [label, body, must be refused] — an empty body or object is fine where every field is optional (logout). */
function badBodies(properties: string[]): [string, string, boolean][] {
  const wrongTypes = Object.fromEntries(properties.map((name) => [name, { nested: [1, 2, 3] }]));
  const tooLong = Object.fromEntries(properties.map((name) => [name, "x".repeat(20_000)]));
  const numbers = Object.fromEntries(properties.map((name) => [name, 12345]));
  return [
    ["malformed JSON", "{not json", true],
    ["empty body", "", false],
    ["a JSON array", "[1,2,3]", true],
    ["null", "null", true],
    ["empty object", "{}", false],
    ["wrong types", JSON.stringify(wrongTypes), true],
    ["numbers for strings", JSON.stringify(numbers), true],
    ["over-long strings", JSON.stringify(tooLong), true],
  ];
}

describe("bad input on every JSON endpoint", () => {
  it("finds the JSON endpoints in the published contract", () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.map((o) => o.path)).toContain("/auth/register");
  });

  for (const signedIn of [false, true]) {
    it(`answers 4xx with a message and writes nothing (${signedIn ? "signed-in owner" : "anonymous"})`, async () => {
      const before = await rowCounts();
      for (const operation of operations) {
        for (const [label, body, mustRefuse] of badBodies(operation.properties)) {
          const response = await app.request(operation.path.replace(/\{[^}]+\}/g, "1"), {
            method: operation.method,
            headers: { "content-type": "application/json", ...(signedIn ? ownerHeaders : {}) },
            body,
          });
          const context = `${operation.method} ${operation.path} with ${label}`;
          expect(response.status, context).toBeLessThan(500);
          if (!mustRefuse && response.ok) continue;
          expect(response.status, context).toBeGreaterThanOrEqual(400);
          const envelope = await response.json().catch(() => ({ message: `${context}: not JSON (${response.headers.get("content-type")})` }));
          expect(typeof envelope.message, context).toBe("string");
          // A general code, or the code of the text the refusal is said by (docs/decisions/0061).
          expect([...ERROR_CODES, ...MESSAGE_CODE_NAMES], context).toContain(envelope.code);
        }
      }
      expect(await rowCounts()).toEqual(before);
    }, 120_000);
  }

  it("refuses bodies over the size limit before reading them", async () => {
    const response = await app.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.c", password: "y".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    const envelope = await response.json();
    expect(envelope.message).toMatch(/too large/i);
    expect(envelope.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
