/**
 * The bank's URLs (spec 2.5). Category and course are names, so they are encoded as path
 * segments: "Maths / Year 7" must not become two segments.
 */
export const QUESTIONS_PATH = "/teacher/questions";

/** Step 2: the questions of one category and course (also the return target after an edit). */
export function bankPath(category: string, course: string): string {
  return `${QUESTIONS_PATH}/${encodeURIComponent(category)}/${encodeURIComponent(course)}/load`;
}

/** Step 1 with the pickers preselected (and an optional notice). */
export function pickerPath(selection: { category?: string; course?: string; notice?: "added" }): string {
  const params = new URLSearchParams();
  if (selection.category) params.set("category", selection.category);
  if (selection.course) params.set("course", selection.course);
  if (selection.notice) params.set("notice", selection.notice);
  const query = params.toString();
  return query ? `${QUESTIONS_PATH}?${query}` : QUESTIONS_PATH;
}

/** The "create category and course" dialog; a given category is preselected and fixed (spec 8). */
export function newCategoryCoursePath(category?: string): string {
  return category ? `${QUESTIONS_PATH}/newCatCourse?category=${encodeURIComponent(category)}` : `${QUESTIONS_PATH}/newCatCourse`;
}

/** The upload dialog (CSV or GIFT) over step 1, opened from the bank of this category and course. */
export function uploadPath(category: string, course: string): string {
  return `${QUESTIONS_PATH}/uploadCSV?${new URLSearchParams({ category, course })}`;
}
