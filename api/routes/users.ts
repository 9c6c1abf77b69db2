import { createRoute, z } from "@hono/zod-openapi";
import { TEACHER_REQUESTS } from "../../db/schema/users";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { decideTeacherRequest } from "../services/users/decide-teacher-request";
import { listUsers } from "../services/users/list-users";
import { TeacherRequestDecision, UserListQuery, UserRoleUpdate } from "../services/users/schemas";
import { updateUserRole } from "../services/users/update-user-role";
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
const Changed = z.object({ message: z.string(), entity: UserEntity });

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

export const userRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json(await listUsers(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(decideRoute, async (c) => c.json(await decideTeacherRequest(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(updateRoute, async (c) => c.json(await updateUserRole(c.var.services, callerOf(c), c.req.valid("json")), 200));
