import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { clientAddressOf } from "../services/auth/client-address";
import { changeMembers } from "../services/classes/change-members";
import { createClass } from "../services/classes/create-class";
import { deleteClass } from "../services/classes/delete-class";
import { findClass } from "../services/classes/find-class";
import { readRosterImport } from "../services/classes/import-record";
import { startRosterImport } from "../services/classes/import-roster";
import { joinClass } from "../services/classes/join-class";
import { listClasses } from "../services/classes/list-classes";
import { ROSTER_REASONS } from "../services/classes/messages";
import { ClassIdInput, ClassImportInput, ClassImportStatusInput, ClassListQuery, ClassMembersInput, CreateClassInput, JoinClassInput, UpdateClassInput } from "../services/classes/schemas";
import { updateClass } from "../services/classes/update-class";
import { errorResponses, jsonBody, jsonResponse, Message } from "./openapi-shapes";
import { languageOf, runAfterAnswer } from "./background-import";

/** decisions.md "Classes, papers and pass marks" (issue 27 point 1, docs/decisions/0075-classes.md). */
const tags = ["Classes"];
const Teacher = z.object({ userId: z.number().int(), fullname: z.string() });
const ClassEntity = z
  .object({
    id: z.number().int(),
    classId: z.number().int().openapi({ description: "The same as id: the name the class verbs take" }),
    name: z.string(),
    code: z.string().nullable(),
    joinCode: z.string().openapi({ description: "What a student types (or opens as /quiz/student/join/{joinCode}) to join" }),
    teachers: z.array(Teacher),
    studentCount: z.number().int(),
  })
  .openapi("Class");
const StudentClass = z.object({ id: z.number().int(), classId: z.number().int(), name: z.string(), code: z.string().nullable(), teachers: z.array(Teacher) }).openapi("StudentClass");
const RosterStudent = z.object({
  userId: z.number().int(),
  fullname: z.string(),
  username: z.string(),
  email: z.string(),
  joinedBy: z.enum(["teacher", "joinCode", "import"]),
  joinedAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
});
const Reason = z.enum(ROSTER_REASONS).openapi({ description: "Why, worded by locales/<lang>/classes.json reasons.<reason>" });
const ClassAnswer = z.object({ message: z.string(), code: z.string(), entity: ClassEntity });
const ImportStatus = z
  .object({
    importId: z.number().int(),
    classId: z.number().int(),
    fileName: z.string(),
    status: z.enum(["running", "done", "failed"]),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int().openapi({ description: "New student accounts made and invited by e-mail" }),
    existing: z.number().int().openapi({ description: "Students of the school already, put in the class" }),
    duplicates: z.number().int().openapi({ description: "Rows repeating an e-mail of the file, or of a student already in the class (also among the rejected)" }),
    rejectedCount: z.number().int(),
    rejected: z.array(z.object({ number: z.number().int(), reason: z.string().openapi({ description: Reason.description }) })).openapi({ description: "The first 1,000 rows that changed nothing (header = row 1)" }),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("ClassImportStatus");

// The path stays a literal type, so the typed client (ADR 0038) keeps each route's path.
const post = <const P extends string, S extends z.ZodType, R extends Parameters<typeof createRoute>[0]["responses"]>(path: P, summary: string, body: S, responses: R) =>
  createRoute({ method: "post", path, tags, summary, security: [{ bearer: [] }], middleware: [requireAuth] as const, request: jsonBody(body), responses });

const createClassRoute = post("/classes", "Make a class (authors); the maker teaches it", CreateClassInput.openapi("CreateClassInput"), {
  201: jsonResponse("Made", ClassAnswer),
  ...errorResponses(400, 401, 403),
});
const listRoute = post(
  "/classes/all",
  "Classes: the owner's every class of the school, a teacher's own, a student's the classes they are in (without join codes); sortField name or createdAt",
  ClassListQuery.openapi("ClassListQuery"),
  { 200: jsonResponse("One page", z.object({ totalCount: z.number().int(), entities: z.array(z.union([ClassEntity, StudentClass])) })), ...errorResponses(400, 401, 403) },
);
const findRoute = post("/classes/findOne", "One class with its roster (its teachers and the owner)", ClassIdInput.openapi("ClassIdInput"), {
  200: jsonResponse("The class", z.object({ entity: ClassEntity.extend({ students: z.array(RosterStudent) }) })),
  ...errorResponses(400, 401, 403, 404),
});
const updateRoute = post("/classes/update", "Rename a class, change its code or teachers, or renew its join code", UpdateClassInput.openapi("UpdateClassInput"), {
  200: jsonResponse("Updated", ClassAnswer),
  ...errorResponses(400, 401, 403, 404),
});
const deleteRoute = post("/classes/delete", "Delete a class (its roster goes; the accounts stay)", ClassIdInput, {
  200: jsonResponse("Deleted", Message),
  ...errorResponses(400, 401, 403, 404),
});
const membersRoute = post("/classes/members", "Add students of the school by e-mail and remove students by id; each one refused says why", ClassMembersInput.openapi("ClassMembersInput"), {
  200: jsonResponse(
    "Done for every e-mail and id not refused",
    z.object({
      message: z.string(),
      code: z.string(),
      params: z.object({ added: z.number().int(), removed: z.number().int() }),
      added: z.array(z.object({ userId: z.number().int(), email: z.string() })),
      removed: z.array(z.number().int()),
      refused: z.array(z.object({ email: z.string().optional(), userId: z.number().int().optional(), reason: Reason })),
    }),
  ),
  ...errorResponses(400, 401, 403, 404),
});
const joinRoute = post("/classes/join", "A student joins the class of a join code (rate-limited per student and per address)", JoinClassInput.openapi("JoinClassInput"), {
  200: jsonResponse("Joined (or already in it)", z.object({ message: z.string(), code: z.string(), entity: StudentClass })),
  ...errorResponses(400, 401, 403, 429),
});
const importRoute = post(
  "/classes/import",
  "Import a roster CSV (fullname,email; location = key from POST /api/files/upload, folder csv-uploads; at most 10,000 rows): new accounts are made and invited by e-mail, the school's students reused",
  ClassImportInput.openapi("ClassImportInput"),
  { 202: jsonResponse("Accepted: poll /classes/import/status", z.object({ message: z.string(), code: z.string(), importId: z.number().int() })), ...errorResponses(400, 401, 403, 404) },
);
const importStatusRoute = post("/classes/import/status", "A roster import's progress and summary (who ran it and the owner)", ClassImportStatusInput.openapi("ClassImportStatusInput"), {
  200: jsonResponse("The import", ImportStatus),
  ...errorResponses(400, 401, 403, 404),
});

/** Kept out of the `/api` chain's type and joined to `ApiType` beside it (api/app.ts), so tsc never walks one chain longer still. */
export const classRoutes = newRouter()
  .openapi(createClassRoute, async (c) => c.json(await createClass(c.var.services, callerOf(c), c.req.valid("json")), 201))
  .openapi(listRoute, async (c) => c.json(await listClasses(c.var.services, callerOf(c), c.req.valid("json") ?? {}), 200))
  .openapi(findRoute, async (c) => c.json(await findClass(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(updateRoute, async (c) => c.json(await updateClass(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(deleteRoute, async (c) => c.json(await deleteClass(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(membersRoute, async (c) => c.json(await changeMembers(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(joinRoute, async (c) => c.json(await joinClass(c.var.services, callerOf(c), c.req.valid("json"), { clientAddress: clientAddressOf(c.req.raw.headers) }), 200))
  .openapi(importRoute, async (c) => {
    const accepted = await startRosterImport(c.var.services, callerOf(c), c.req.valid("json"), languageOf(c));
    await runAfterAnswer(c, accepted.work);
    return c.json({ message: accepted.message, code: accepted.code, importId: accepted.importId }, 202);
  })
  .openapi(importStatusRoute, async (c) => c.json(await readRosterImport(c.var.services, callerOf(c), c.req.valid("json")), 200));
