import type { AppServices } from "../../../api/services/core/app-services";
import type { Caller } from "../../../api/services/core/caller";
import { gradeAndTell } from "../../../api/services/grading/grade-and-tell";
import { studentNameOfGradedAttempt } from "../../../api/services/grading/grading-page";
import { MAX_GRADER_COMMENT } from "../../../api/services/grading/limits";
import { field } from "../../utils/form-answers.server";
import { readFormWithin } from "../../utils/form-within.server";
import type { GradeFormIds } from "./grading-view";

/** A grade form: two ids, a mark, a comment of at most 5,000 characters (up to 4 bytes each once encoded) and a few rubric choices. */
const MAX_GRADE_FORM_BYTES = 8 * 1024 + MAX_GRADER_COMMENT * 12;


/**
 * The grade form's fields as POST /api/takenQuiz/grade's body (decisions.md "Manual grading"):
 * an empty mark is no mark (the rubric's sum then); a mark that is not a number is sent as one
 * out of range, so the service refuses it with its own code and the question's maximum
 * (GRADE_MARK_INVALID { max }) rather than a schema message; `rubric.<criterion>` = level.
 */
export function gradeInputOf(form: FormData) {
  const markText = field(form, "mark").trim().replace(",", ".");
  const mark = markText === "" ? undefined : Number.isFinite(Number(markText)) ? Number(markText) : -1;
  const rubric = [...form.keys()]
    .filter((name) => /^rubric\.\d+$/.test(name))
    .map((name) => ({ criterion: Number(name.slice("rubric.".length)), level: Number(field(form, name)) }));
  const comment = field(form, "comment").trim();
  return {
    takenQuizId: Number(field(form, "takenQuizId")),
    questionId: Number(field(form, "questionId")),
    ...(mark === undefined ? {} : { mark }),
    ...(comment === "" ? {} : { comment }),
    ...(rubric.length > 0 ? { rubric } : {}),
  };
}

/**
 * A page's grade: the form read within its size, the same service as the API (grade-and-tell.ts:
 * regrade, the e-mail when the attempt becomes Graded), then the student's name, which the
 * anonymous grading page reveals only now that the mark is saved (ADR 0070).
 */
export async function saveGrade(services: AppServices, caller: Caller, request: Request, onRead: (form: FormData, ids: GradeFormIds) => void = () => {}) {
  const form = await readFormWithin(request, MAX_GRADE_FORM_BYTES);
  const input = gradeInputOf(form);
  onRead(form, { takenQuizId: input.takenQuizId, questionId: input.questionId });
  const graded = await gradeAndTell(services, caller, input);
  const studentName = await studentNameOfGradedAttempt(services, caller, input.takenQuizId);
  return { graded, studentName, form };
}
