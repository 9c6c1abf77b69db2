/**
 * The categories verbs' texts, in a module of texts only: the message catalogue
 * (api/services/message-codes.ts) imports it, and a verb that says a text by code imports the
 * catalogue, so a text module never imports a verb (docs/decisions/0061-codes-and-params.md).
 */
export const UNKNOWN_CATEGORY = "This category does not exist. Please create it first";
export const UNKNOWN_COURSE = "This course does not exist in the category. Please create it first";
export const CATEGORY_COURSE_ADDED = "Category and Course added";
export const CATEGORY_COURSE_EXISTS = "This category already has a course with this name";
