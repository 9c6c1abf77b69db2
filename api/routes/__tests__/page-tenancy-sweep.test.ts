/**
 * Issue 25 point 11 for the pages, as tenancy-and-roles-sweep.test.ts is for the API: built
 * from app/routes.ts itself, so a page added tomorrow is swept the day it is added.
 *
 * Each route's loader and action run on their own through React Router's own data router
 * (createStaticHandler's queryRoute, as a client navigation's `.data?_routes=` request or a
 * form's POST runs them: without the layouts' loaders), on a real migrated database:
 *
 * 1. Every teacher, admin and signed-in route that takes an id, called by the users of another
 *    business who may open that area, with this business's real ids: 404, never 403, 200 or 500.
 * 2. Every teacher and admin route, called by a student of the business on its own rows: sent
 *    home as the area's layout does (302 to /), and nothing written; every admin route, called
 *    by a teacher, likewise.
 * 3. Every page's loader with an id in its query string (`?classId=`, ADR 0080), called by the
 *    business's own user: another business's id answers exactly as a never-used one; the pages
 *    that read it (named in QUERY_ID_PAGES, checked against what the sweep sees) answer 404 to
 *    both and open with the business's own id.
 *
 * A route parameter that is not a row of a business is named in NOT_BUSINESS_IDS with why.
 */
import { createStaticHandler, type RouterContextProvider } from "react-router";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../../app/routes";
import { emailOutbox, questionFeedback } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { essayAttempt } from "../../test-support/essay-attempt.node";
import { createCategoryCourse } from "../../test-support/factories.node";
import { pageContext } from "../../test-support/page-context.node";
import { quizBody } from "../../test-support/request-bodies";
import { createTestBed, type Tenant } from "../../test-support/test-bed.node";

interface RouteEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}
/** A page of the app: its route id, its full path pattern (below /quiz) and its module's file. */
interface Page {
  id: string;
  pattern: string;
  file: string;
  area: "teacher" | "admin" | "student" | "app" | "public";
}
type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
type Role = "owner" | "teacher" | "student";

/** Route parameters that are not rows of a business: the value the role sweep uses, and why tenancy does not apply. */
const NOT_BUSINESS_IDS = new Map<string, [string, string]>([
  ["teacher/quizPool/pick/:list :list", ["questions", "the name of a list (questions, quizzes, sourceQuestions), not a row"]],
  ["teacher/lti/deep-link/:token :token", ["not-a-request-token", "a deep-linking request's secret token, bound to its teacher: anyone else 404 (lti-deep-linking.test.ts)"]],
  ["teacher/lti/link/:token :token", ["not-a-link-token", "a signed token naming one resource link and the instructor who launched it: anyone else, another business or a forged token 404 (lti-launch.test.ts, \"the chooser\")"]],
]);

/** Which of the business's rows a parameter names: by its route, else by its name. */
const ROW_OF_PARAM: Record<string, keyof Rows> = {
  "teacher/quiz/:id/:qId/download :qId": "takenQuizId",
  "teacher/quiz/:id/:qId/certificate.pdf :qId": "takenQuizId",
  "teacher/quiz/:id/:qId/email :qId": "takenQuizId",
  "teacher/questions/:category/:course/load/view/:id :id": "questionId",
  "teacher/questions/:category/:course/load/delete/:id :id": "questionId",
  "teacher/questions/:id/view :id": "questionId",
  "teacher/questions/:id/delete :id": "questionId",
  "teacher/question/:id/edit :id": "questionId",
  "teacher/feedback/:id/view :id": "feedbackId",
  "admin/outbox/:id :id": "outboxId",
  "student/quizPool/:id/take :id": "quizId",
  "leaderBoard/:id/download :id": "takenQuizId",
  "leaderBoard/:id/email :id": "takenQuizId",
  "leaderBoard/:id/certificate.pdf :id": "takenQuizId",
  "admin/leaderBoard/:id/download :id": "takenQuizId",
  "admin/leaderBoard/:id/email :id": "takenQuizId",
  "student/takenQuiz/:id/download :id": "takenQuizId",
  "student/takenQuiz/:id/result :id": "takenQuizId",
  "student/takenQuiz/:id/result/download :id": "takenQuizId",
  "student/takenQuiz/:id/certificate.pdf :id": "takenQuizId",
  "student/takenQuiz/:id/newResult :id": "takenQuizId",
};
const ROW_OF_NAME: Record<string, keyof Rows> = {
  id: "quizId",
  takenQuizId: "takenQuizId",
  questionId: "questionId",
  category: "category",
  course: "course",
  classId: "classId",
  joinCode: "joinCode",
  // A student's report (ADR 0081).
  userId: "studentId",
};

interface Rows {
  studentId: number;
  quizId: number;
  takenQuizId: number;
  questionId: number;
  feedbackId: number;
  outboxId: number;
  category: string;
  course: string;
  classId: number;
  joinCode: string;
}

/** Every route of app/routes.ts with its full pattern and the area its path lies in. */
function pagesOf(entries: RouteEntry[], parent = "", signedIn = false): Page[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const id = entry.id ?? entry.file.replace(/\.[^.]+$/, "");
    // Below the app layout every page needs a signed-in user (routes.ts).
    const inApp = signedIn || id === "routes/app/layout";
    const area = pattern.startsWith("teacher") ? "teacher" : pattern.startsWith("admin") ? "admin" : pattern.startsWith("student") ? "student" : inApp ? "app" : "public";
    const self: Page[] = entry.children && !entry.path && !entry.index ? [] : [{ id, pattern, file: entry.file, area }];
    return [...self, ...pagesOf(entry.children ?? [], pattern, inApp)];
  });
}

const modules = import.meta.glob<Module>("../../../app/routes/**/*.{ts,tsx}");
const moduleOf = (file: string) => {
  const load = modules[`../../../app/${file}`];
  if (!load) throw new Error(`no module for ${file}`);
  return load();
};

/** React Router's data routes for the config, with each module's loader and action. */
async function dataRoutes(entries: RouteEntry[]): Promise<object[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const module = await moduleOf(entry.file);
      return {
        id: entry.id ?? entry.file.replace(/\.[^.]+$/, ""),
        path: entry.path,
        index: entry.index,
        loader: module.loader,
        action: module.action,
        children: entry.children ? await dataRoutes(entry.children) : undefined,
      };
    }),
  );
}

let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let rows: Rows;
/** A class of the other business (the query-string sweep). */
let otherClassId: number;
let handler: ReturnType<typeof createStaticHandler>;
let pages: Page[];
let loaded: Map<string, Module>;

beforeAll(async () => {
  const bed = await createTestBed("Swept Pages School");
  ({ services, tenant, other } = bed);
  const { db } = services;
  const bank = { category: "Swept Category", course: "Swept Course" };
  await createCategoryCourse(db, { businessId: tenant.business.id, ...bank });
  const { quiz, id, takenQuizId } = await essayAttempt(bed, tenant);
  // Marked in full, so the attempt has its certificate (the control of the certificate pages).
  for (const [questionId, mark] of [[id.rubricEssay, 3], [id.plainEssay, 2]]) expect((await bed.post(tenant.teacher, "/takenQuiz/grade", { takenQuizId, questionId, mark })).status).toBe(200);
  const [feedback] = await db.insert(questionFeedback).values({ businessId: tenant.business.id, questionId: id.short, studentId: tenant.student.id, feedbackText: "Typo" }).returning();
  const [mail] = await db
    .insert(emailOutbox)
    .values({ businessId: tenant.business.id, to: "x@test.quiz", from: "app@test.quiz", subject: "S", html: "<p>S</p>", text: "S", provider: "outbox", status: "stored" })
    .returning();
  const made = await bed.post(tenant.teacher, "/classes", { name: "Swept Class" });
  expect(made.status).toBe(201);
  const aClass = made.body.entity as { classId: number; joinCode: string };
  const theirs = await bed.post(other.owner, "/classes", { name: "Their Class" });
  expect(theirs.status).toBe(201);
  otherClassId = theirs.body.entity.classId;
  rows = { studentId: tenant.student.id, quizId: quiz.id, takenQuizId, questionId: id.short, feedbackId: feedback.id, outboxId: mail.id, ...bank, classId: aClass.classId, joinCode: aClass.joinCode };
  const config = routeConfig as unknown as RouteEntry[];
  pages = pagesOf(config);
  handler = createStaticHandler(await dataRoutes(config) as never, { basename: "/quiz" });
  loaded = new Map(await Promise.all(pages.map(async (page) => [page.id, await moduleOf(page.file)] as const)));
}, 120_000);

const SITE = "http://school.test/quiz";
/** Ids and names no business has. */
const NEVER_USED: Rows = { studentId: 987_654, quizId: 987_654, takenQuizId: 987_654, questionId: 987_654, feedbackId: 987_654, outboxId: 987_654, category: "Never Category", course: "Never Course", classId: 987_654, joinCode: "NEVERUSED7" };

/** Whether a page's address names a row of a business. */
const takesRows = (page: Page) => (page.pattern.match(/:\w+/g) ?? []).some((param) => !NOT_BUSINESS_IDS.has(`${page.pattern} ${param}`));

/** The page's address with a business's rows (this one's unless told) in its parameters. */
function addressOf(page: Page, ids: Rows = rows): string {
  const params = page.pattern.match(/:\w+\??/g) ?? [];
  let path = page.pattern;
  for (const param of params) {
    const name = param.replace(/[:?]/g, "");
    const notARow = NOT_BUSINESS_IDS.get(`${page.pattern} :${name}`);
    if (notARow) {
      path = path.replace(param, notARow[0]);
      continue;
    }
    const row = ROW_OF_PARAM[`${page.pattern} :${name}`] ?? ROW_OF_NAME[name];
    if (!row) throw new Error(`${page.pattern}: which row is :${name}? Add it to ROW_OF_PARAM or NOT_BUSINESS_IDS`);
    path = path.replace(param, encodeURIComponent(String(ids[row])));
  }
  return `${SITE}/${path.replace(/\/\*$/, "/anything")}`;
}

/**
 * What a loader or action answered: the status, and a redirect's target. `thrown`: a service
 * error escaped the route instead of being answered (the real server makes it a 500; here its
 * own status shows, so the first two sweeps read the rule, the query-string one refuses it).
 */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null; error?: string; thrown?: true }> {
  const read = (value: unknown) => {
    if (value instanceof Response) return { status: value.status, location: value.headers.get("Location") };
    const wrapped = value as { type?: string; init?: { status?: number } } | null;
    if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200 };
    return null;
  };
  try {
    const answer = await run();
    return read(answer) ?? { status: 200 };
  } catch (thrown) {
    const known = read(thrown);
    if (known) return known;
    const error = thrown as { status?: number; message?: string };
    if (typeof error?.status === "number" && error.status !== 500) return { status: error.status, thrown: true };
    return { status: 500, error: String(error?.message ?? thrown) };
  }
}

/**
 * The form each page's action is sent, so that it passes the form's own checks and reaches
 * the rows it names (from the address or, where the action takes them from the form, from
 * here): an action left out is sent an empty form and may refuse it first (400).
 */
const FORMS: Record<string, (ids: Rows) => Record<string, string>> = {
  "teacher/quiz/:id/view": (ids) => ({ userId: String(ids.studentId), factor: "1.5" }),
  "teacher/quiz/:id/viewStats": (ids) => ({ intent: "status", ids: String(ids.takenQuizId), status: "Accepted" }),
  "teacher/quiz/:id/grading": (ids) => ({ takenQuizId: String(ids.takenQuizId), questionId: String(ids.questionId), mark: "1" }),
  "teacher/quiz/:id/attempt/:takenQuizId/grade/:questionId": (ids) => ({ takenQuizId: String(ids.takenQuizId), questionId: String(ids.questionId), mark: "1" }),
  "teacher/quizPool/:id/edit": () => ({ intent: "check", step: "details", draft: JSON.stringify(quizBody({ totalQuestion: 1 })) }),
  "teacher/feedback/:id/view": () => ({ status: "Accepted" }),
  "student/takenQuiz/:id/result": (ids) => ({ quizId: String(ids.quizId), rating: "4" }),
  "student/takenQuiz/:id/newResult": (ids) => ({ quizId: String(ids.quizId), rating: "4" }),
  "teacher/quiz/:id/:qId/email": () => ({ subject: "Hello", message: "Well done" }),
  "leaderBoard/:id/email": () => ({ subject: "Hello", message: "Well done" }),
  "admin/leaderBoard/:id/email": () => ({ subject: "Hello", message: "Well done" }),
  "teacher/classes/:classId": () => ({ intent: "add", emails: "nobody@swept.test" }),
};

function request(page: Page, url: string, who: Tenant["teacher"], method: "GET" | "POST", ids: Rows = rows) {
  const body = method === "POST" ? new URLSearchParams(FORMS[page.pattern]?.(ids) ?? {}) : undefined;
  const context: RouterContextProvider = pageContext(services, who);
  return outcome(() => handler.queryRoute(new Request(url, { method, body, headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {} }), { routeId: page.id, requestContext: context }));
}

/** Which of another business's users may open a page's area (the others are sent away before any lookup). */
const ENTERING: Record<Page["area"], Role[]> = { teacher: ["owner", "teacher"], admin: ["owner"], student: ["student"], app: ["owner", "teacher", "student"], public: [] };

async function snapshot() {
  const tables = await services.db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not in ('sessions', 'login_throttle', 'rate_limits')`);
  const counts = await Promise.all(tables.map(async ({ name }) => `${name}:${JSON.stringify(await services.db.all(sql.raw(`select * from "${name}"`)))}`));
  return counts.join("\n");
}

/** The users of this business who may open a page and its rows: the control that the address reaches its lookup. */
const ENTITLED: Record<Page["area"], Role> = { teacher: "owner", admin: "owner", student: "student", app: "owner", public: "owner" };

/**
 * Pages whose parameters are names looked up in the caller's own business, not ids: another
 * business's name is a bank the caller does not have, answered as a never-used name is.
 */
const OWN_NAMES = new Map<string, string>([
  ["teacher/questions/load/:course/:category", "the old address of a bank: a redirect to the bank's address, which is swept itself"],
  ["teacher/questions/:category/:course/load", "a bank by its names: one the caller's business has not sends to the list of banks"],
  ["teacher/question/:category/:course/new", "the new-question form of a bank by its names: likewise"],
]);

/**
 * Pages whose parameter is a secret a person types, not an id to look up: another business's
 * code must be answered exactly as a code never made (checked), but that answer is the form's
 * own refusal, not a 404.
 */
const TYPED_SECRETS = new Map<string, string>([
  ["student/join/:joinCode", "a class's join code (ADR 0075): the link's page only asks to confirm, and joining with another school's code is refused as a wrong code is"],
]);

/** The pages that read `?classId=` (ADR 0080), and what they filter by it. */
const QUERY_ID_PAGES = new Map<string, string>([
  ["leaderBoard", "the board, for a class's teachers and the owner"],
  ["leaderBoard.csv", "the board's CSV"],
  ["admin/leaderBoard", "the owner's board"],
  ["teacher/quiz/:id/viewStats", "a quiz's stats"],
  ["teacher/quiz/:id/viewStats.csv", "a quiz's stats as CSV"],
  ["teacher/quiz/:id/:qId/download", "the stats behind a certificate dialog"],
  ["teacher/quiz/:id/:qId/email", "the stats behind an e-mail dialog"],
  ["teacher/quiz/:id/analysis", "a quiz's item analysis"],
]);

describe("the pages, swept from app/routes.ts", () => {
  it("answers another business's users 404 on every page that takes an id (loader and action), never 403, 200 or 500: as for an id never used", async () => {
    const swept = pages.filter((page) => page.area !== "public" && takesRows(page));
    expect(swept.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const page of swept) {
      const module = loaded.get(page.id)!;
      // The control: the business's own user reaches the page (a 404 here would mean the address misses the route).
      const own = await request(page, addressOf(page), tenant[ENTITLED[page.area]], "GET");
      if (module.loader && (own.status === 404 || own.status >= 500)) failures.push(`GET ${page.pattern} as A's ${ENTITLED[page.area]}: ${own.status} ${own.error ?? ""} (the control)`);
      const ownPost = module.action && !OWN_NAMES.has(page.pattern) ? await request(page, addressOf(page), tenant[ENTITLED[page.area]], "POST") : undefined;
      if (ownPost && (ownPost.status === 404 || ownPost.status >= 500)) failures.push(`POST ${page.pattern} as A's ${ENTITLED[page.area]}: ${ownPost.status} ${ownPost.error ?? ""} (the control)`);
      for (const role of ENTERING[page.area]) {
        for (const method of ["GET", "POST"] as const) {
          if (method === "GET" ? !module.loader : !module.action) continue;
          const foreign = await request(page, addressOf(page), other[role], method);
          const never = await request(page, addressOf(page, NEVER_USED), other[role], method, NEVER_USED);
          const seen = `${method} ${page.pattern} as B's ${role}: ${foreign.status} ${foreign.location ?? foreign.error ?? ""}`;
          if (OWN_NAMES.has(page.pattern)) continue;
          if (foreign.status !== never.status || foreign.location !== never.location) failures.push(`${seen}, where a never-used id is ${never.status} ${never.location ?? ""}`);
          // A page that is not this role's refuses the role (403, as the API's verbs do) before
          // any lookup: the same for every id, nothing confirmed. The role the page is for is answered 404.
          else if (foreign.status === 404 || TYPED_SECRETS.has(page.pattern)) continue;
          else if (foreign.status !== 403 || role === ENTITLED[page.area]) failures.push(seen);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("refuses a student every teacher and admin page, and a teacher every admin page (loader and action): sent home as the layout does, or 403; nothing written", async () => {
    const swept = pages.filter((page) => page.area === "teacher" || page.area === "admin");
    const before = await snapshot();
    const failures: string[] = [];
    for (const page of swept) {
      const module = loaded.get(page.id)!;
      const callers: Role[] = page.area === "admin" ? ["student", "teacher"] : ["student"];
      for (const role of callers) {
        for (const method of ["GET", "POST"] as const) {
          if (method === "GET" ? !module.loader : !module.action) continue;
          const answer = await request(page, addressOf(page), tenant[role], method);
          const sentHome = answer.status === 302 && answer.location === "/quiz";
          if (!sentHome && answer.status !== 403) failures.push(`${method} ${page.pattern} as A's ${role}: ${answer.status} ${answer.location ?? answer.error ?? ""}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  }, 180_000);

  it("answers a query-string class id of another business as a never-used one on every page; the pages that read it say 404 to both", async () => {
    const swept = pages.filter((page) => page.area !== "public" && loaded.get(page.id)!.loader);
    const withClass = (page: Page, classId: number) => `${addressOf(page)}?classId=${classId}`;
    const failures: string[] = [];
    const reading = new Set<string>();
    for (const page of swept) {
      const who = tenant[ENTITLED[page.area]];
      const own = await request(page, withClass(page, rows.classId), who, "GET");
      const foreign = await request(page, withClass(page, otherClassId), who, "GET");
      const never = await request(page, withClass(page, NEVER_USED.classId), who, "GET");
      const seen = (answer: typeof own) => `${answer.status} ${answer.location ?? answer.error ?? ""}`;
      if (foreign.status !== never.status || foreign.location !== never.location) failures.push(`GET ${page.pattern}?classId= as A's ${ENTITLED[page.area]}: another business's class ${seen(foreign)}, a never-used one ${seen(never)}`);
      if (own.status !== never.status || own.location !== never.location) reading.add(page.pattern);
      for (const answer of [own, foreign, never]) if (answer.thrown) failures.push(`GET ${page.pattern}?classId=: a service error escaped the loader (${answer.status}), which the server answers 500`);
      if (QUERY_ID_PAGES.has(page.pattern) && (never.status !== 404 || own.status !== 200)) failures.push(`GET ${page.pattern}?classId=: its own class ${seen(own)}, a never-used one ${seen(never)} (expected 200 and 404)`);
    }
    expect(failures).toEqual([]);
    // Every page that reads the id is named (so its 404 is checked), and every page named reads it.
    expect([...reading].sort()).toEqual([...QUERY_ID_PAGES.keys()].sort());
  }, 180_000);
});
