/** A grader's comment: long enough for a paragraph of feedback, bounded like any text we keep (the form's maxLength too). */
export const MAX_GRADER_COMMENT = 5000;
