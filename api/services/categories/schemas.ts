import { z } from "@hono/zod-openapi";
import { singleLine } from "../core/single-line";
import { listQuery } from "../listing/list-query";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";

/** Spec 8 and 9: category and course names are 2 to 50 characters, with the spec's messages. */
export const NAME_LIMITS = { min: 2, max: 50 } as const;
export const CATEGORY_REQUIRED = "Question category is required";
export const COURSE_REQUIRED = "Question course is required";
export const NAME_LENGTH = (what: "Category" | "Course") => `${what} must be ${NAME_LIMITS.min} to ${NAME_LIMITS.max} characters`;

/** The checks say their texts by code (ADR 0061); the English above is the catalogue's. */
const name = (requiredCode: "CATEGORY_REQUIRED" | "COURSE_REQUIRED", lengthCode: "CATEGORY_NAME_LENGTH" | "COURSE_NAME_LENGTH") => {
  const required = schemaMessage(requiredCode);
  const length = schemaMessage(lengthCode);
  return singleLine(z.string({ error: required }).trim().min(1, required).min(NAME_LIMITS.min, length).max(NAME_LIMITS.max, length));
};

export const CategoryCourseInput = z.object(
  { category: name("CATEGORY_REQUIRED", "CATEGORY_NAME_LENGTH"), course: name("COURSE_REQUIRED", "COURSE_NAME_LENGTH") },
  { error: BODY_NOT_AN_OBJECT },
);
export type CategoryCourseInput = z.input<typeof CategoryCourseInput>;

/** Spec 7 and 9: lookups page by 100; the filter matches part of the category name. */
export const CategoryCourseListQuery = listQuery({
  filter: z.object({ category: z.string({ error: "filter.category must be text" }).trim().max(NAME_LIMITS.max, schemaMessage("CATEGORY_NAME_LENGTH")).optional() }),
  sortFields: ["category"],
  defaultPageSize: 100,
});
export type CategoryCourseListQuery = z.input<typeof CategoryCourseListQuery>;

/** Spec 3, category-course: a category with the names of its courses. */
export interface CategoryCourse {
  id: number;
  category: string;
  course: string[];
}
