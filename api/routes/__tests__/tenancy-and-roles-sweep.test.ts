/**
 * Issue 25 point 11: tenancy and roles swept from the contract, not hoped for. Every operation
 * of `/openapi.json` is either swept here or exempted in a table below with its reason, so an
 * endpoint added tomorrow fails this file until someone decides which it is.
 *
 * 1. Every operation that takes an id (a path, query or body property named `id`, `ids`,
 *    `…Id` or `…_id`) is called by the owner, a teacher and a student of business A with
 *    business B's real rows: each answer must be what a never-used id gets (so nothing tells
 *    the rows exist), never 200 or 500; the callers entitled to the verb get 404 NOT_FOUND
 *    with the error envelope, the others the verb's role refusal (403 with a code), except
 *    for a takenQuizId, which is 404 to every caller (decisions.md "Teachers read attempts").
 * 2. Every list whose `queryParams.filter` takes an id answers B's id as a never-used one (an
 *    empty list, never B's rows), and A's own id with A's rows (so the filter is reached).
 * 3. Every operation that takes both a takenQuizId and a quizId refuses A's attempt named with
 *    another quiz of A (400 on quizId), writing nothing.
 * 4. Every operation of authors or the owner is called by a student of A on A's own rows:
 *    403 with a code, and the database is unchanged afterwards.
 *
 * The exemptions from "404 NOT_FOUND" are the three tables FORM_FIELDS, NARROWER_NOT_FOUND and
 * NOT_BUSINESS_IDS below, each entry with its reason (docs/decisions/0059, "the rules swept").
 *
 * Page actions are not in the document: the editor's maths preview, the one page action that
 * reaches a service without a form of the spec, has the same rules proved in
 * api/routes/maths-preview.test.ts (docs/security.md, point 11).
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { startSession } from "../../services/auth/sessions";
import { signLinkChoice } from "../../services/lti/link-choice/token";
import type { AppServices } from "../../services/core/app-services";
import { createAttempt, createCategoryCourse, createDepartment, createQuiz, createTenant } from "../../test-support/factories.node.ts";
import { bearer, createTestApi, createTestServices } from "../../test-support/test-app.node.ts";
import { MATHS_ALGEBRA, quizBody, radioQuestionBody } from "../../test-support/request-bodies";
import {
  classes,
  classImports,
  classTeachers,
  emailOutbox,
  ltiPlatforms,
  offlinePaymentRequests,
  questionFeedback,
  questionImports,
  quizSources,
  subscriptionPlans,
} from "../../../db/schema";

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Role = "owner" | "teacher" | "student";
interface Operation {
  key: string; // "POST /quiz/findOne"
  method: string;
  path: string;
  idNames: string[]; // where ids go: "path:id", "query:x", "body:quizId"
  filterIdNames: string[]; // ids a list takes in queryParams.filter: "filter:questionId"
}

/** Public, sign-in and webhook operations: no signed-in caller of a business to sweep. */
const PUBLIC = new Map<string, string>(
  [
    "GET /health",
    "POST /auth/register",
    "POST /auth/login",
    "POST /auth/refresh",
    "POST /auth/logout",
    "POST /auth/forgot-password",
    "POST /auth/reset-password",
    "POST /auth/password-strength",
    "POST /auth/login_using_keys",
    "POST /auth/login/mfa",
    "GET /auth/provider",
    "POST /auth/provider/start",
    "POST /auth/provider/callback",
    "POST /auth/login_with_user_module",
    "POST /auth/login_with_user_module_with_user_data",
    "POST /auth/verify-email",
    "GET /files/{key}",
    "GET /csvquestion/template",
    "GET /certificates/{code}",
    "POST /subscriptions/webhook",
  ]
    .map((key): [string, string] => [key, "public, sign-in or webhook: no session (auth-required.test.ts covers the secured ones)"])
    .concat([
    ["GET /lti/jwks", "the tool's public keys, for any LMS (lti-platforms and tool-keys tests)"],
    ["GET /lti/register", "LTI Dynamic Registration's entry: a redirect to the owner's page, which signs in first (lti-register.test.ts)"],
    ] as [string, string][]),
);

/** Operations without ids that every signed-in user (students too) may call, with why. */
const OPEN_TO_STUDENTS = new Map<string, string>([
  ["GET /auth/me", "one's own account"],
  ["POST /auth/switch_user_type", "the spec's toggle; the predicate refuses whom it must (permissions.test.ts)"],
  ["POST /auth/change-password", "one's own password"],
  ["GET /auth/sessions", "one's own sessions"],
  ["DELETE /auth/sessions", "one's own sessions"],
  ["POST /auth/keys", "one's own key pair"],
  ["GET /auth/keys", "one's own key pair"],
  ["DELETE /auth/keys", "one's own key pair"],
  ["GET /auth/mfa", "one's own two-step sign-in"],
  ["POST /auth/mfa/setup", "one's own two-step sign-in"],
  ["POST /auth/mfa/enable", "one's own two-step sign-in"],
  ["POST /auth/mfa/disable", "one's own two-step sign-in"],
  ["POST /auth/check_user_existance", "module sign-in check of one's own token"],
  ["POST /auth/create_user", "module account from one's own token"],
  ["POST /auth/verify-email/resend", "one's own e-mail"],
  ["POST /files/upload", "profile pictures; the type rules are in mayUploadFile"],
  ["POST /files/sign", "links to files one may already read (mayReadFile)"],
  ["POST /users/me/update", "one's own profile"],
  ["POST /dashboard", "each role has its dashboard"],
  ["POST /getAllCategoryCourse", "students pick quizzes by category and course"],
  ["GET /profiles", "names of the business's profiles (the register and quiz forms)"],
  ["GET /departments", "names of the business's departments"],
  ["POST /tags", "tag names shown beside questions"],
  ["POST /quiz/all", "quizzes open to the caller"],
  ["POST /quiz/allForStudent", "the student's list"],
  ["POST /quiz/allRandom", "the student's random practice"],
  ["POST /question/findAllRandom", "the student's random practice"],
  ["POST /takenQuiz/fetchAllByStudentId", "one's own attempts"],
  ["GET /takenQuiz/fetchQuizNames", "names of quizzes one took"],
  ["POST /subscriptions/create-checkout-session", "a student subscribes (maySubscribe); priceId is the provider's code"],
  ["GET /subscriptions/subscriber", "one's own checkout (sessionId is the provider's code)"],
  ["GET /subscriptions/manage_billing", "one's own billing"],
  ["GET /subscriptions", "the plans on sale"],
  ["GET /subscriptions/offline", "one's own offline requests (everyone's for the owner)"],
  ["GET /admin/adminSetting", "the business's policy, which the pages of every role follow"],
  ["GET /admin/settings", "currency and public keys for the subscribe page; secrets only as set / not set (ADR 0043)"],
  ["POST /classes/all", "a student's own classes, without join codes (classes.test.ts)"],
  ["POST /lti/deepLinking/quizzes", "bound to the deep-linking request's teacher by its token; anyone else 404 (lti-deep-linking.test.ts)"],
  ["POST /lti/deepLinking/respond", "bound to the deep-linking request's teacher by its token; anyone else 404 (lti-deep-linking.test.ts)"],
  ["POST /classes/join", "a student joins by a code; every other role is refused STUDENTS_ONLY (classes.test.ts)"],
]);

/** Ids that are not rows of a business: the sweep's first part skips them, with why. */
const NOT_BUSINESS_IDS = new Map<string, string>([
  ["POST /files/sign body:key", "a file key, checked by mayReadFile (files tests)"],
  ["POST /subscriptions/create-checkout-session body:priceId", "the card provider's price code"],
  ["GET /subscriptions/subscriber query:sessionId", "the card provider's checkout code"],
  ["POST /lti/platform body:clientId", "the LMS's own client id of our tool, not a row of ours (lti-platforms tests)"],
]);

/** The bank (category and course names) of each business's rows. */
const BANK = MATHS_ALGEBRA;
const A_QUESTION = radioQuestionBody();
const A_QUIZ = quizBody({ totalQuestion: 1 });

/** Fields an operation needs besides its ids to pass validation and reach its lookup. */
const BODIES: Record<string, Record<string, unknown>> = {
  "POST /question/update": A_QUESTION,
  "POST /quiz": A_QUIZ,
  "POST /quiz/update": A_QUIZ,
  "POST /takeQuiz/saveAnswers": { answers: [] },
  "POST /takeQuiz/answerAll": { answers: [], timeTaken: 1 },
  "POST /takeQuiz/answerOne": { optionType: "radio", answer: [1] },
  "POST /takeQuiz/rateQuiz": { rating: 4 },
  "POST /feedback/sendQuestionFeedback": { feedbackText: "Unclear wording" },
  "POST /question/thumbs": { vote: "up" },
  "POST /feedback/update": { status: "Accepted" },
  "POST /sendEmail": { studentName: "S", studentEmail: "s@test.quiz", subject: "Hi", message: "Hello" },
  "POST /quiz/extraTime": { factor: 1.5 },
  "POST /lti/platform": {
    name: "LMS",
    issuer: "https://lms.test",
    clientId: "tool",
    deploymentIds: ["1"],
    authLoginUrl: "https://lms.test/auth",
    authTokenUrl: "https://lms.test/token",
    keySetUrl: "https://lms.test/jwks",
  },
  "POST /lti/register": { openidConfiguration: "https://lms.test/.well-known/openid-configuration" },
  "POST /lti/platform/enable": { enabled: true },
  "POST /quiz/override": { attemptsAllowed: 2 },
  "POST /takenQuiz/updateStatus": { status: "Accepted" },
  "POST /takenQuiz/grade": { mark: 0 },
  "POST /admin/users/teacherRequest": { decision: "Approve" },
  "POST /admin/users/update": { userType: "Teacher", role_level: 4 },
  "PUT /subscriptions": { title: "Plan", price: 10, interval: "month", description: "", status: true, auto_charge: true },
  "POST /subscriptions/offline/markPaid": { periodStart: new Date().toISOString(), periodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString() },
  // Operations without ids: valid bodies, so a student meets the role check rather than validation.
  "POST /auth/create_user_with_userdata": { email: "new@test.quiz", fullname: "New One", username: "newone", password: "Test-password-1", userType: "Student" },
  "POST /admin/adminSetting": Object.fromEntries(
    ["quizTimeSettingAllowed", "questionTimeSettingAllowed", "negativeMarkingSettingAllowed", "showAnswerSettingAllowed", "passwordQuizSettingAllowed", "internalizationSettingAllowed", "enableSubscription"]
      .map((flag) => [flag, "Yes"] as [string, unknown])
      .concat([["maximumRoleLevelForTeacher", 4]]),
  ),
  "POST /categoryCourse": { category: "Physics", course: "Optics" },
  "POST /subscriptions": { title: "Silver", price: 5, interval: "month" },
  "POST /classes": { name: "Year 9" },
  "POST /classes/update": { name: "Renamed" },
  "POST /classes/members": { add: ["someone@test.quiz"] },
  "POST /classes/import": { location: "csv-uploads/none.csv" },
  "POST /quiz/drawsAvailable": { draws: [{ category: BANK.category, count: 1 }] },
};

const ID_NAME = /^(id|ids|.+Id|.+_id|selectedQuestions|selectedQuizes)$/;
/**
 * Exempt from 404: ids checked as fields of a form. A foreign id there is the form's 400 with
 * the error on that very field (the test asks for it, so the check is proven reached), the
 * same answer as for an id that never existed: nothing is confirmed.
 */
const FORM_FIELDS = new Map<string, string>([
  ...["POST /quiz", "POST /quiz/update"].flatMap((key) =>
    ["selectedQuestions", "selectedQuizes"].map(
      (list): [string, string] => [`${key} body:${list}`, "the wizard's pick of questions or quizzes: the form marks the field (decisions.md: a reference unknown to the business is a 400)"],
    ),
  ),
  ["POST /takenQuiz/updateStatus body:ids", "all or none: the bulk refusal names every id that is not a finished attempt of the quiz, whatever it names (ADR 0039)"],
  ["POST /quiz/drawsAvailable body:selectedQuestions", "the wizard's own selection beside its draws, checked as the quiz's save checks it: the same field's 400"],
  ["POST /takeQuiz/answerOne body:questionId", "judged against the attempt's own paper, not the bank: any question not on it is the same 400, as in saveAnswers"],
  ["POST /auth/create_user_with_userdata body:department_id", "the owner's new-account form: an unknown department is its field's 400, like the quiz form's lists"],
]);
/**
 * Exempt from the general NOT_FOUND: a narrower 404 code, where a form must say which of its
 * ids is unknown. Still 404, and the same for an id that never existed.
 */
const NARROWER_NOT_FOUND = new Map<string, [string, string]>([
  ["POST /quiz/extraTime body:userId", ["STUDENT_NOT_FOUND", "the extra-time form says the student (not the quiz) is unknown, in the teacher's language"]],
  ["POST /quiz/override body:userId", ["STUDENT_NOT_FOUND", "the overrides panel says the student (not the quiz) is unknown, in the teacher's language (ADR 0079)"]],
  ["POST /quiz/override/delete body:userId", ["OVERRIDE_NOT_FOUND", "the overrides panel says that student has no override on the quiz (ADR 0079)"]],
  ["DELETE /auth/sessions/{id} path:id", ["SESSION_NOT_FOUND", "the Security section's sign-out of a device says, in the user's language, that the session is unknown"]],
]);
/** What else a form needs when one of its lists is the one swept: a quiz built from quizzes. */
const WITH_LIST: Record<string, Record<string, unknown>> = { "body:selectedQuizes": { quizType: "quizzes" } };

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let operations: Operation[];
let a: Tenant;
let b: Tenant;
let headersOf: Record<Role, { authorization: string }>;
let idsOfA: IdSource;
let idsOfB: IdSource;

type Schema = { properties?: Record<string, Schema>; $ref?: string; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[] };
interface Contract {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

/** The property names a body schema allows, through references and compositions. */
function propertiesOf(document: Contract, schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return propertiesOf(document, document.components?.schemas?.[schema.$ref.split("/").pop() ?? ""]);
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [...new Set([...Object.keys(schema.properties ?? {}), ...parts.flatMap((part) => propertiesOf(document, part))])];
}

/** The schema of the property `name` of a body schema, through references and compositions. */
function propertySchemaOf(document: Contract, schema: Schema | undefined, name: string): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return propertySchemaOf(document, document.components?.schemas?.[schema.$ref.split("/").pop() ?? ""], name);
  if (schema.properties?.[name]) return schema.properties[name];
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = propertySchemaOf(document, part, name);
    if (found) return found;
  }
  return undefined;
}

function operationsOf(document: Contract): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const body = operation.requestBody?.content?.["application/json"]?.schema;
      const idNames = [
        ...(operation.parameters ?? []).filter((p) => ID_NAME.test(p.name)).map((p) => `${p.in}:${p.name}`),
        ...propertiesOf(document, body)
          .filter((name) => ID_NAME.test(name))
          .map((name) => `body:${name}`),
      ];
      const filter = propertySchemaOf(document, propertySchemaOf(document, body, "queryParams"), "filter");
      const filterIdNames = propertiesOf(document, filter)
        .filter((name) => ID_NAME.test(name))
        .map((name) => `filter:${name}`);
      found.push({ key, method: method.toUpperCase(), path, idNames: idNames.filter((n) => !NOT_BUSINESS_IDS.has(`${key} ${n}`)), filterIdNames });
    }
  }
  return found;
}

/** A published quiz of each business besides the one its attempt is of. */
const anotherQuizOf = new Map<Tenant, number>();

/** The rows of one business that ids point at, and which row each id name means. */
async function rowsOf(tenant: Tenant) {
  const { db } = services;
  const { category, course } = await createCategoryCourse(db, { businessId: tenant.business.id, ...BANK });
  const { quiz, questionIds } = await createQuiz(db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id });
  const attempt = await createAttempt(db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
  const [feedback] = await db
    .insert(questionFeedback)
    .values({ businessId: tenant.business.id, questionId: questionIds[0], studentId: tenant.student.id, feedbackText: "Typo" })
    .returning();
  const [plan] = await db
    .insert(subscriptionPlans)
    .values({ businessId: tenant.business.id, title: "Gold", priceCents: 1000, interval: "month" })
    .returning();
  const [offline] = await db
    .insert(offlinePaymentRequests)
    .values({ businessId: tenant.business.id, userId: tenant.student.id, planId: plan.id, planTitle: "Gold", priceCents: 1000, currency: "usd", interval: "month" })
    .returning();
  const [imported] = await db
    .insert(questionImports)
    .values({ businessId: tenant.business.id, userId: tenant.teacher.id, format: "CSV", fileName: "q.csv", status: "done", total: 1, updatedAt: new Date() })
    .returning();
  const [mail] = await db
    .insert(emailOutbox)
    .values({ businessId: tenant.business.id, to: "x@test.quiz", from: "app@test.quiz", subject: "S", html: "<p>S</p>", text: "S", provider: "outbox", status: "stored" })
    .returning();
  const session = await startSession(services, tenant.owner.id, { userAgent: "sweep" });
  const [klass] = await db.insert(classes).values({ businessId: tenant.business.id, name: "Class", joinCode: `J${tenant.business.id}SWEEP` }).returning();
  await db.insert(classTeachers).values({ classId: klass.id, userId: tenant.teacher.id });
  const [rosterImport] = await db
    .insert(classImports)
    .values({ businessId: tenant.business.id, classId: klass.id, userId: tenant.teacher.id, fileName: "r.csv", status: "done", total: 0, updatedAt: new Date() })
    .returning();
  const department = await createDepartment(db, { businessId: tenant.business.id });
  const [platform] = await db
    .insert(ltiPlatforms)
    .values({
      businessId: tenant.business.id,
      name: "LMS",
      issuer: `https://lms${tenant.business.id}.test`,
      clientId: "tool",
      authLoginUrl: `https://lms${tenant.business.id}.test/auth`,
      authTokenUrl: `https://lms${tenant.business.id}.test/token`,
      keySetUrl: `https://lms${tenant.business.id}.test/jwks`,
      registeredBy: "manual",
    })
    .returning();
  // Nobody took it, and it is built from `quiz`, so an update reaches both its lists' checks.
  const untaken = await createQuiz(db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id, questionIds: [questionIds[0]], quizType: "quizzes" });
  await db.insert(quizSources).values({ quizId: untaken.quiz.id, sourceQuizId: quiz.id });
  const oneByOne = await createQuiz(db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id, questionIds });
  const oneByOneAttempt = await createAttempt(db, { businessId: tenant.business.id, quizId: oneByOne.quiz.id, studentId: tenant.student.id, examMode: "onebyone" });
  // Where one id must be a row in a particular state for the call to reach its lookups.
  const byOperation: Record<string, unknown> = {
    "POST /quiz/update body:quizId": untaken.quiz.id,
    "POST /takeQuiz/answerOne body:takenQuizId": oneByOneAttempt.id,
  };
  // `id` means a different row on each path; every other name means one kind of row.
  const byPathOfId: Record<string, unknown> = {
    "/auth/sessions/{id}": session.id,
    "/outbox/{id}": mail.id,
    "/questionImports/{id}": imported.id,
    "/subscriptions": plan.id,
    "/subscriptions/{id}": plan.id,
    "/subscriptions/offline/markPaid": offline.id,
    "/subscriptions/offline/refuse": offline.id,
  };
  const byName: Record<string, unknown> = {
    quizId: quiz.id,
    questionId: questionIds[0],
    takenQuizId: attempt.id,
    feedbackId: feedback.id,
    planId: plan.id,
    department_id: department.id,
    userId: tenant.teacher.id,
    ids: [attempt.id],
    selectedQuestions: [questionIds[0]],
    selectedQuizes: [quiz.id],
    classId: klass.id,
    importId: rosterImport.id,
    platformId: platform.id,
  };
  anotherQuizOf.set(tenant, untaken.quiz.id);
  return (operation: Operation, name: string) => {
    const bare = name.split(":")[1];
    const value = byOperation[`${operation.key} ${name}`] ?? (bare === "id" ? byPathOfId[operation.path] : byName[bare]);
    if (value === undefined) throw new Error(`${operation.key}: no row for the id ${name}; add it to rowsOf or NOT_BUSINESS_IDS`);
    return value;
  };
}

/** The request for an operation with its ids taken from `idOf`. */
type IdSource = (operation: Operation, name: string) => unknown;

/** A's own ids except `swept`, which comes from `source` (B's rows or ids never used). */
const onlyFrom = (swept: string, source: IdSource): IdSource => (operation, name) => (name === swept ? source(operation, name) : idsOfA(operation, name));

function call(operation: Operation, idOf: IdSource, role: Role, swept?: string, filter?: Record<string, unknown>) {
  let path = operation.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = { ...BODIES[operation.key] };
  for (const name of operation.idNames) {
    const [where, bare] = name.split(":");
    const value = idOf(operation, name);
    if (where === "path") path = path.replace(`{${bare}}`, String(value));
    else if (where === "query") query.set(bare, String(value));
    else body[bare] = value;
  }
  Object.assign(body, swept ? WITH_LIST[swept] : undefined, filter ? { queryParams: { filter } } : undefined);
  path = path.replace(/\{[^}]+\}/g, "1");
  const search = query.size > 0 ? `?${query}` : "";
  const hasBody = operation.method !== "GET" && operation.method !== "DELETE";
  return app.request(`${path}${search}`, {
    method: operation.method,
    headers: { "content-type": "application/json", ...headersOf[role] },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

/** Ids no row ever had, of the same shape as the real ones. */
const NEVER_USED = (operation: Operation, name: string) =>
  /:(ids|selectedQuestions|selectedQuizes)$/.test(name) ? [987654] : operation.path.startsWith("/auth/sessions/") ? "no-such-session" : 987654;

/**
 * Every row of every table, to prove a refused request wrote nothing. The rate limits'
 * counters (login_throttle) are left out: counting refused tries is their purpose.
 */
async function snapshot() {
  const tables = await services.db.all<{ name: string }>(
    sql.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%migrations%' and name <> 'login_throttle'"),
  );
  const dump: Record<string, unknown> = {};
  for (const { name } of tables) dump[name] = await services.db.all(sql.raw(`select * from "${name}"`));
  expect(Object.keys(dump)).toContain("quiz_attempts"); // the dump sees the business tables
  return JSON.stringify(dump);
}

beforeAll(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  operations = operationsOf(await (await app.request("/openapi.json")).json());
  a = await createTenant(services.db, "Business A");
  b = await createTenant(services.db, "Business B");
  idsOfA = await rowsOf(a);
  idsOfB = await rowsOf(b);
  BODIES["POST /sendEmail"].studentEmail = a.student.email;
  // A link chooser's token of A's owner for A's platform (lti-launch.test.ts sweeps the token itself).
  const [platformOfA] = await services.db.select({ id: ltiPlatforms.id }).from(ltiPlatforms).where(eq(ltiPlatforms.businessId, a.business.id));
  const choice = { platformId: platformOfA.id, businessId: a.business.id, resourceLinkId: "sweep-link", title: null, contextRowId: null, userId: a.owner.id };
  const token = await signLinkChoice(services.config, choice, services.now());
  BODIES["POST /lti/linkChoice/quizzes"] = { token };
  BODIES["POST /lti/linkChoice/choose"] = { token };
  headersOf = { owner: await bearer(services, a.owner), teacher: await bearer(services, a.teacher), student: await bearer(services, a.student) };
});

const withIds = () => operations.filter((o) => o.idNames.length > 0 && !PUBLIC.has(o.key));
const authorOrOwnerOnly = () => operations.filter((o) => o.idNames.length === 0 && !PUBLIC.has(o.key) && !OPEN_TO_STUDENTS.has(o.key));

describe("the tenancy and roles sweep", () => {
  it("covers every operation of the contract or exempts it with a reason", () => {
    expect(operations.length).toBeGreaterThan(100);
    const keys = new Set(operations.map((o) => o.key));
    for (const listed of [...PUBLIC.keys(), ...OPEN_TO_STUDENTS.keys(), ...Object.keys(BODIES), ...STUDENTS_ONLY, ...STUDENT_VERBS_WITH_IDS.keys()]) {
      expect(keys.has(listed), `${listed} is listed but not in the contract`).toBe(true);
    }
    for (const listed of [...NOT_BUSINESS_IDS.keys(), ...FORM_FIELDS.keys(), ...NARROWER_NOT_FOUND.keys()]) expect(keys.has(listed.split(" ").slice(0, 2).join(" ")), listed).toBe(true);
    const uncovered = operations.filter((o) => !withIds().includes(o) && !authorOrOwnerOnly().includes(o) && !PUBLIC.has(o.key) && !OPEN_TO_STUDENTS.has(o.key));
    expect(uncovered.map((o) => o.key)).toEqual([]);
  });

  it("answers another business's ids as it answers ids that never existed: 404 to those entitled (to everyone for a takenQuizId), the role refusal to others, never 200 or 500, and changes nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const operation of withIds()) {
      for (const swept of operation.idNames) {
        const what = `${operation.key} with B's ${swept}`;
        let notFoundFor = 0;
        const seenByRole: string[] = [];
        for (const role of ["owner", "teacher", "student"] as const) {
          const never = await call(operation, onlyFrom(swept, NEVER_USED), role, swept);
          const foreign = await call(operation, onlyFrom(swept, idsOfB), role, swept);
          const neverBody = await never.json().catch(() => ({}));
          const foreignBody = await foreign.json().catch(() => ({}));
          const seen = `${what} as ${role}: ${foreign.status} ${foreignBody.code} (never-used id: ${never.status} ${neverBody.code})`;
          seenByRole.push(`${role} ${foreign.status} ${foreignBody.code}`);
          const exemption = `${operation.key} ${swept}`;
          const field = swept.split(":")[1];
          const due = FORM_FIELDS.has(exemption) ? 400 : 404;
          const dueCode = due === 404 ? (NARROWER_NOT_FOUND.get(exemption)?.[0] ?? "NOT_FOUND") : undefined;
          // decisions.md "Teachers read attempts": a takenQuizId is 404 to every caller, never a role's 403.
          const dueToAll = field === "takenQuizId";
          if (foreign.status !== never.status || foreignBody.code !== neverBody.code) failures.push(`${seen}: tells the row exists`);
          else if ((role === entitledOf(operation) || dueToAll) && foreign.status !== due) failures.push(`${seen}: ${due} is due`);
          else if (foreign.status === due) {
            notFoundFor++;
            if (typeof foreignBody.message !== "string") failures.push(`${seen}: not the error envelope`);
            else if (dueCode && foreignBody.code !== dueCode) failures.push(`${seen}: ${dueCode} is due`);
            else if (due === 400 && foreignBody.errors?.[field] === undefined) failures.push(`${seen}: the form's error is not on ${field} (${JSON.stringify(foreignBody.errors)})`);
          } else if (foreign.status !== 403 || typeof foreignBody.code !== "string") failures.push(`${seen}: a caller the verb is not for gets its role refusal (403 with a code)`);
        }
        if (notFoundFor === 0) failures.push(`${what}: nobody reached the id's lookup (${seenByRole.join(", ")}; fill BODIES so validation passes)`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it("answers a list filtered by another business's id as one filtered by an id never used (never B's rows), and A's own id with A's rows", async () => {
    const lists = operations.filter((o) => o.filterIdNames.length > 0 && !PUBLIC.has(o.key));
    expect(lists.map((o) => o.key)).toContain("POST /feedback/getAllQuestionFeedback");
    const failures: string[] = [];
    for (const operation of lists) {
      for (const name of operation.filterIdNames) {
        const field = name.split(":")[1];
        for (const role of ["owner", "teacher", "student"] as const) {
          const read = async (source: IdSource) => {
            const response = await call(operation, idsOfA, role, undefined, { [field]: source(operation, name) });
            return { status: response.status, text: await response.text() };
          };
          const [own, never, foreign] = [await read(idsOfA), await read(NEVER_USED), await read(idsOfB)];
          const seen = `${operation.key} with B's ${name} as ${role}: ${foreign.status} ${foreign.text.slice(0, 160)}`;
          if (foreign.status !== never.status || foreign.text !== never.text) failures.push(`${seen}: not what a never-used id gets (${never.text.slice(0, 160)})`);
          else if (role === entitledOf(operation)) {
            const body = JSON.parse(foreign.text);
            const empty = foreign.status === 200 && body.totalCount === 0 && body.entities?.length === 0;
            if (!empty && !(foreign.status === 404 && body.code === "NOT_FOUND")) failures.push(`${seen}: an empty list or 404 is due`);
            if (own.status !== 200 || !(JSON.parse(own.text).totalCount > 0)) failures.push(`${operation.key} with A's own ${name} as ${role}: ${own.status}, no row: the filter is never reached`);
          } else if (foreign.status !== 200 && foreign.status !== 403) failures.push(seen);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses an attempt named with a quiz it is not of (another quiz of the same business): 400 on quizId, changing nothing", async () => {
    const pairs = withIds().filter((o) => o.idNames.includes("body:takenQuizId") && o.idNames.includes("body:quizId"));
    expect(pairs.map((o) => o.key)).toEqual(["POST /takeQuiz/answerAll"]);
    const before = await snapshot();
    for (const operation of pairs) {
      const response = await call(operation, onlyFrom("body:quizId", () => anotherQuizOf.get(a)), entitledOf(operation));
      const body = await response.json();
      expect([response.status, typeof body.errors?.quizId], `${operation.key}: ${JSON.stringify(body)}`).toEqual([400, "string"]);
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuses a student every author or owner operation with 403 and a code, and changes nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const authorVerbsWithIds = withIds().filter((o) => !STUDENT_VERBS_WITH_IDS.has(o.key));
    for (const operation of [...authorOrOwnerOnly(), ...authorVerbsWithIds]) {
      const response = await call(operation, idsOfA, "student");
      const body = await response.json().catch(() => ({}));
      if (response.status !== 403 || typeof body.code !== "string" || typeof body.message !== "string") {
        failures.push(`${operation.key}: ${response.status} ${body.code ?? ""}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});

/** Verbs only students may call: the student of A is the caller entitled to reach the lookup. */
const STUDENTS_ONLY = new Set([
  "POST /takeQuiz/startQuiz",
  "POST /takeQuiz/saveAnswers",
  "POST /takeQuiz/answerAll",
  "POST /takeQuiz/answerOne",
  "POST /takeQuiz/rateQuiz",
  "POST /feedback/sendQuestionFeedback",
  "POST /question/thumbs",
  "POST /subscriptions/offline",
]);
/** The owner is an author of the business (decisions.md), so the owner reaches every other lookup. */
const entitledOf = (operation: Operation): Role => (STUDENTS_ONLY.has(operation.key) ? "student" : "owner");

/** Operations with ids that students call on their own rows (the rest are authors' or the owner's). */
const STUDENT_VERBS_WITH_IDS = new Map<string, string>([
  ["DELETE /auth/sessions/{id}", "one's own session"],
  ["POST /quiz/findOne", "a student opens a quiz to take it"],
  ["POST /takeQuiz/startQuiz", "taking a quiz"],
  ["POST /takeQuiz/saveAnswers", "taking a quiz"],
  ["POST /takeQuiz/answerAll", "taking a quiz"],
  ["POST /takeQuiz/answerOne", "taking a quiz"],
  ["POST /takeQuiz/rateQuiz", "rating a quiz taken"],
  ["POST /feedback/sendQuestionFeedback", "a student's feedback on a question"],
  ["POST /question/thumbs", "a student's vote on a question"],
  ["POST /takenQuiz/fetchById", "one's own result"],
  ["POST /takenQuiz/fetchLatestById", "one's own result"],
  ["GET /takenQuiz/{takenQuizId}/certificate", "one's own certificate"],
  ["POST /subscriptions/offline", "a student asks to pay offline"],
  ["POST /feedback/getQuestionFeedbackById", "one's own feedback (ownRowsUnlessOwner)"],
  // ADR 0080: its only id is the optional classId, a class the caller manages: a student never does (404, class-filter.test.ts).
  ["POST /takenQuiz/fetchAllTakenQuiz", "the leader board is every user's, without e-mail addresses (leader-board.test.ts)"],
]);
