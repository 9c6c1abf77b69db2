/**
 * The test bed of the resource API tests (categories, questions, imports, quizzes, the
 * owner's settings): real services over a fresh migrated libSQL file, the real `/api`
 * application on them, the business under test and a second business for the tenancy cases,
 * and one JSON request helper. Each test file calls `createTestBed` in its own beforeEach,
 * then adds what its resource needs (categories, questions).
 *
 *   let services: AppServices, app: TestApi, tenant: Tenant, other: Tenant, post: TestBed["post"];
 *   beforeEach(async () => {
 *     ({ services, app, tenant, other, post } = await createTestBed("Quiz School"));
 *   });
 */
import { beforeEach } from "vitest";
import { createTenant } from "./factories.node";
import type { AppServices } from "../services/core/app-services";
import { bearer, createTestApi, createTestServices } from "./test-app.node";

export type Tenant = Awaited<ReturnType<typeof createTenant>>;
export type TestApi = ReturnType<typeof createTestApi>;
/** Who calls: a user row (a real session and access token are made for it), or null for no token. */
export type Who = Parameters<typeof bearer>[1] | null;

/** A JSON answer; the body is `any` so that a test reads the fields it asserts on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonAnswer = { status: number; body: any };

export interface TestBed {
  services: AppServices;
  app: TestApi;
  /** The business under test: its owner (profile 2), a teacher and a student. */
  tenant: Tenant;
  /** Another business: its ids must answer like ids that do not exist. */
  other: Tenant;
  /**
   * A request with a JSON body as `who`. A string body is sent as written, so malformed JSON
   * ("{", "null") reaches the API unchanged; no body sends none.
   */
  call(who: Who, method: "GET" | "POST", path: string, body?: unknown): Promise<JsonAnswer>;
  /** `call(who, "POST", path, body)`: every resource endpoint of the spec is a POST. */
  post(who: Who, path: string, body?: unknown): Promise<JsonAnswer>;
  /** Uploads a file as `who` through /files/upload (as the bank's upload dialog does); its storage key. */
  upload(who: NonNullable<Who>, content: string, name?: string): Promise<string>;
}

export async function createTestBed(schoolName: string, options: { otherName?: string; db?: AppServices["db"]; now?: AppServices["now"] } = {}): Promise<TestBed> {
  const { otherName = "Other School", db, now } = options;
  const services = await createTestServices({ ...(db ? { db } : {}), ...(now ? { now } : {}) });
  const app = createTestApi(services);
  const tenant = await createTenant(services.db, schoolName);
  const other = await createTenant(services.db, otherName);
  const call: TestBed["call"] = async (who, method, path, body) => {
    const headers: Record<string, string> = { "content-type": "application/json", ...(who ? await bearer(services, who) : {}) };
    const res = await app.request(path, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const upload: TestBed["upload"] = async (who, content, name = "questions.csv") => {
    const body = new FormData();
    body.set("file", new File([content], name));
    body.set("folder", "csv-uploads");
    const res = await app.request("/files/upload", { method: "POST", body, headers: await bearer(services, who) });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { key: string }).key;
  };
  return { services, app, tenant, other, call, post: (who, path, body) => call(who, "POST", path, body), upload };
}

/**
 * A test file's bed, made afresh before each of its tests (it registers the `beforeEach`), so
 * a file states its school once instead of declaring and assigning each part:
 *
 *   const bed = eachTestBed("Profile School");
 *   const { post, call } = bed;
 *   it("…", async () => { await post(bed.tenant.student, "/users/me/update", { … }); });
 *
 * The parts are read when a test runs (getters), the request helpers always call the current bed.
 */
export function eachTestBed(schoolName: string, options: Parameters<typeof createTestBed>[1] = {}): TestBed {
  let bed: TestBed | undefined;
  beforeEach(async () => {
    bed = await createTestBed(schoolName, options);
  });
  const current = (): TestBed => {
    if (!bed) throw new Error("The test bed is made before each test: read it inside a test or a hook");
    return bed;
  };
  return {
    get services() {
      return current().services;
    },
    get app() {
      return current().app;
    },
    get tenant() {
      return current().tenant;
    },
    get other() {
      return current().other;
    },
    call: (who, method, path, body) => current().call(who, method, path, body),
    post: (who, path, body) => current().post(who, path, body),
    upload: (who, content, name) => current().upload(who, content, name),
  };
}
