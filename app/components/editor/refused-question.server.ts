import { issueFileUrl } from "../../../api/services/files/issue-file-url";
import type { AppServices } from "../../../api/services/core/app-services";
import type { Caller } from "../../../api/services/core/caller";
import { AppError } from "../../../api/services/core/errors";
import type { EditorValues } from "./question-form";

/**
 * The submitted question to show again after a refusal, with fresh signed URLs for its
 * image keys so that a new upload keeps its preview. A key that is not the business's own
 * simply gets no preview (the field error says so).
 */
export async function refusedQuestion(services: AppServices, caller: Caller, values: EditorValues): Promise<EditorValues> {
  const sign = async (key: string | null) => {
    if (!key) return null;
    try {
      return (await issueFileUrl(services, caller, { key })).url;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
  return { ...values, questionImageUrl: await sign(values.questionImage), imageUrl: await sign(values.image) };
}
