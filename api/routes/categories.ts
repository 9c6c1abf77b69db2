import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { createCategoryCourse } from "../services/categories/create-category-course";
import { listCategoryCourses } from "../services/categories/list-category-courses";
import { CategoryCourseInput, CategoryCourseListQuery } from "../services/categories/schemas";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** Spec 7, category/course: the question bank's lookup, for authors (Teachers and the owner). */
const tags = ["Category and course"];

const CategoryCourse = z
  .object({ id: z.number().int(), category: z.string(), course: z.array(z.string()).openapi({ description: "Names of the category's courses" }) })
  .openapi("CategoryCourse");

const listRoute = createRoute({
  method: "post",
  path: "/getAllCategoryCourse",
  tags,
  summary: "The business's categories with their courses, a page of categories at a time (sortField: category; page size up to 100)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(CategoryCourseListQuery.openapi("CategoryCourseListQuery"), false),
  responses: {
    200: jsonResponse("One page", z.object({ success: z.literal(true), totalCount: z.number().int(), entities: z.array(CategoryCourse) })),
    ...errorResponses(400, 401, 403),
  },
});

const createCategoryCourseRoute = createRoute({
  method: "post",
  path: "/categoryCourse",
  tags,
  summary: "Add a course to a category (created when new); names 2-50 characters, matched without regard to case",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(CategoryCourseInput.openapi("CategoryCourseInput")),
  responses: {
    201: jsonResponse("Added", z.object({ message: z.string(), code: z.string(), entity: CategoryCourse })),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const categoryRoutes = newRouter()
  .openapi(listRoute, async (c) => {
    // No body at all is the first page with the defaults (the body is optional in the route).
    return c.json({ success: true as const, ...(await listCategoryCourses(c.var.services, callerOf(c), c.req.valid("json") ?? {})) }, 200);
  })
  .openapi(createCategoryCourseRoute, async (c) => c.json(await createCategoryCourse(c.var.services, callerOf(c), c.req.valid("json")), 201));
