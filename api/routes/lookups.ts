import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { listDepartments, listProfiles } from "../services/lookups/list-profiles-and-departments";
import { errorResponses, jsonResponse } from "./openapi-shapes";

/** Spec 7 and decisions.md: GET /api/profiles and /api/departments → `{ data: { data: [{ id, Name }] } }`. */
const Lookup = z.object({ id: z.number().int(), Name: z.string() }).openapi("Lookup");
const LookupAnswer = z.object({ data: z.object({ data: z.array(Lookup) }) });

const route = (path: "/profiles" | "/departments", summary: string) =>
  createRoute({
    method: "get",
    path,
    tags: ["Lookups"],
    summary,
    security: [{ bearer: [] }],
    middleware: [requireAuth] as const,
    responses: { 200: jsonResponse("The list", LookupAnswer), ...errorResponses(401, 403) },
  });

export const lookupRoutes = newRouter()
  .openapi(route("/profiles", "The business's profiles (id = profile code; 2 = owner), for quiz visibility (authors)"), async (c) =>
    c.json({ data: { data: await listProfiles(c.var.services, callerOf(c)) } }, 200),
  )
  .openapi(route("/departments", "The business's departments, for quiz visibility (authors)"), async (c) =>
    c.json({ data: { data: await listDepartments(c.var.services, callerOf(c)) } }, 200),
  );
