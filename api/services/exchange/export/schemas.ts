import { z } from "@hono/zod-openapi";
import { NAME_LIMITS } from "../../categories/schemas";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../../core/coded";

export const EXPORT_FORMATS = ["gift", "moodlexml", "qti3"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** As imports: at most 10,000 questions a file (docs/decisions/0018), so what we write we can read back. */
export const MAX_EXPORT_QUESTIONS = 10_000;
/** The images of one export, read into memory to be packed: far above a real bank's, far below the server's memory. */
export const MAX_EXPORT_IMAGE_BYTES = 200 * 1024 * 1024;
export const MAX_EXPORT_IMAGE_LABEL = "200 MB";

const name = (what: "CATEGORY" | "COURSE") => {
  const required = schemaMessage(`${what}_REQUIRED`);
  return z.string({ error: required }).trim().min(1, required).max(NAME_LIMITS.max, schemaMessage(`${what}_NAME_LENGTH`));
};
const idsMessage = schemaMessage("QUESTION_EXPORT_IDS_INVALID", { max: MAX_EXPORT_QUESTIONS });

/** decisions.md "Exchange": `POST /api/question/export { category, course, format }`, and optionally a chosen set of that bank. */
export const ExportQuestionsInput = z.object(
  {
    category: name("CATEGORY"),
    course: name("COURSE"),
    format: z.enum(EXPORT_FORMATS, { error: schemaMessage("QUESTION_EXPORT_FORMAT_INVALID") }),
    questionIds: z
      .array(z.number({ error: idsMessage }).int(idsMessage).positive(idsMessage).max(Number.MAX_SAFE_INTEGER, idsMessage), { error: idsMessage })
      .min(1, idsMessage)
      .max(MAX_EXPORT_QUESTIONS, idsMessage)
      .optional()
      .openapi({ description: "Only these questions of the category and course (the bank's selection); every id must be one of them, else 404" }),
  },
  { error: BODY_NOT_AN_OBJECT },
);
export type ExportQuestionsInput = z.infer<typeof ExportQuestionsInput>;
