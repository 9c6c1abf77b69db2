/**
 * The questions verbs' texts, in a module of texts only: the message catalogue
 * (api/services/message-codes.ts) imports it, and a verb that says a text by code imports the
 * catalogue, so a text module never imports a verb (docs/decisions/0061-codes-and-params.md).
 */
export const QUESTION_TAKEN = "Sorry, the quiz is taken by one or more students, so editing questions is not allowed";
export const QUESTION_IN_USE = "This question is used in one or more quizzes and cannot be deleted";
export const QUESTION_UPDATED = "Question Updated";
export const QUESTION_DELETED = "Question Deleted";
export const QUESTION_ADDED = "Question Added";
export const IMAGE_NOT_UPLOADED = "This image was not found. Please upload it again";
export const OPTIONS_NOT_FOR_TYPE = "This type of question has no options: its answer key says what is right";
