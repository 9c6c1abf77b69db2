import { createRoute, z } from "@hono/zod-openapi";
import { TEACHER_REQUESTS } from "../../db/schema/users";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { decideTeacherRequest } from "../services/users/decide-teacher-request";
import { listUsers } from "../services/users/list-users";
import { TeacherRequestDecision, UserListQuery, UserRoleUpdate } from "../services/users/schemas";
import { updateUserRole } from "../services/users/update-user-role";
import { UpdatePersonalInformationInput } from "../services/auth/schemas";
import { updatePersonalInformation } from "../services/users/update-personal-information";
import { dashboardSummary } from "../services/dashboard/dashboard-summary";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/**
 * /api/admin/users (beyond the spec, docs/decisions/0029): the owner's accounts screen:
 * teacher requests to approve or refuse, user types and role levels.
 */
const tags = ["Users"];
const UserEntity = z
  .object({
    userId: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    username: z.string(),
    userType: z.enum(["Student", "Teacher", "Admin"]),
    role_level: z.number().int(),
    profile: z.number().int(),
    teacherRequest: z.enum(TEACHER_REQUESTS).nullable(),
    emailVerified: z.boolean(),
    createdAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
    changeable: z.boolean().openapi({ description: "The owner may change it here (never an owner's account)" }),
  })
  .openapi("UserEntity");
const Changed = z.object({
  message: z.string(),
  code: z.enum(["TEACHER_REQUEST_APPROVED", "TEACHER_REQUEST_REFUSED", "USER_UPDATED"]).openapi({ description: "What a client translates (docs/decisions/0061)" }),
  entity: UserEntity,
});

const listRoute = createRoute({
  method: "post",
  path: "/users",
  tags,
  summary: "Accounts of the business, filtered by teacher request or a search (owner only)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(UserListQuery),
  responses: {
    200: jsonResponse("One page", z.object({ totalCount: z.number().int(), entities: z.array(UserEntity) })),
    ...errorResponses(400, 401, 403),
  },
});

const decideRoute = createRoute({
  method: "post",
  path: "/users/teacherRequest",
  tags,
  summary: "Approve or refuse a self-registered Teacher (owner only); approval ends the user's sessions",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(TeacherRequestDecision),
  responses: { 200: jsonResponse("Decided", Changed), ...errorResponses(400, 401, 403, 404, 409) },
});

const updateRoute = createRoute({
  method: "post",
  path: "/users/update",
  tags,
  summary: "Set an account's user type and role level (owner only); a change ends the user's sessions",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(UserRoleUpdate),
  responses: { 200: jsonResponse("Updated", Changed), ...errorResponses(400, 401, 403, 404) },
});

const PersonalInformation = z.object({ fullname: z.string(), username: z.string(), email: z.string() }).openapi("PersonalInformation");

/** Mounted under /api (not /api/admin): any signed-in user, their own row only (docs/decisions/0046). */
const updateMeRoute = createRoute({
  method: "post",
  path: "/users/me/update",
  tags,
  summary: "Change the signed-in user's full name and username (any signed-in user; the e-mail is not changeable here)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(UpdatePersonalInformationInput.openapi("PersonalInformationUpdate")),
  responses: { 200: jsonResponse("Updated", z.object({ message: z.string(), code: z.literal("PERSONAL_INFORMATION_UPDATED"), entity: PersonalInformation })), ...errorResponses(400, 401, 404) },
});

const RecentResult = z.object({
  takenQuizId: z.number().int(),
  quizName: z.string(),
  percentage: z.number(),
  status: z.enum(["Pending", "Accepted", "Rejected"]),
  submittedAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
});
const DashboardSummary = z
  .union([
    z.object({ role: z.literal("Student"), openQuizzes: z.number().int(), inProgress: z.number().int(), recentResults: z.array(RecentResult) }),
    z.object({
      role: z.enum(["Teacher", "Owner"]),
      quizzes: z.number().int(),
      inProgress: z.number().int(),
      pendingFeedback: z.number().int(),
      answersWaiting: z.number().int().openapi({ description: "Answers waiting for a grader in the quizzes the caller may grade (a teacher's own, the owner's whole business)" }),
      pendingTeacherRequests: z.number().int().nullable(),
      users: z.number().int().nullable(),
    }),
  ])
  .openapi("DashboardSummary");

const dashboardRoute = createRoute({
  method: "post",
  path: "/dashboard",
  tags: ["Dashboard"],
  summary: "The signed-in user's home page numbers, by role (docs/decisions/0046)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  responses: { 200: jsonResponse("Summary", DashboardSummary), ...errorResponses(401) },
});

/** The signed-in user's own routes, mounted under /api. */
export const meRoutes = newRouter()
  .openapi(updateMeRoute, async (c) => c.json(await updatePersonalInformation(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(dashboardRoute, async (c) => c.json(await dashboardSummary(c.var.services, callerOf(c)), 200));

export const userRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json(await listUsers(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(decideRoute, async (c) => c.json(await decideTeacherRequest(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(updateRoute, async (c) => c.json(await updateUserRole(c.var.services, callerOf(c), c.req.valid("json")), 200));
