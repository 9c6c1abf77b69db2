import { data } from "react-router";
import { listQuestions } from "../../../api/services/questions/list-questions";
import { listAllQuizzes } from "../../../api/services/quizzes/list-all-quizzes";
import { listSourceQuestions } from "../../../api/services/quizzes/list-source-questions";
import { availableForDraws } from "../../../api/services/quizzes/draw-parts";
import { listTags } from "../../../api/services/questions/list-tags";
import { PICK_PAGE_SIZE } from "../../components/quizzes/wizard/pick-page-size";
import { servicesContext } from "../../context";
import { actionFailure } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/quiz-pick";


const ids = (text: string | null) =>
  (text ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number);

/** A query parameter's JSON, or undefined when it is none (the verb's schema then says what is wrong: a 400, never a 500). */
function jsonOrNothing(text: string | null): unknown {
  try {
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * The quiz wizard's pick lists, loaded as the teacher searches and pages (a resource route:
 * JSON only, through the same verbs as the API): `questions` (a category and course of the
 * bank), `quizzes` (the business's quizzes, as sources) and `sourceQuestions` (the questions
 * of chosen source quizzes). A bad query answers 400 with the verb's message.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const query = new URL(request.url).searchParams;
  const page = Math.max(1, Number(query.get("page")) || 1);
  try {
    if (params.list === "questions") {
      const filter = { category: query.get("category") ?? "", course: query.get("course") ?? "", search: query.get("search") || undefined, tag: query.get("tag") || undefined };
      const { totalCount, entities } = await listQuestions(services, caller, { queryParams: { filter, pageNumber: page, pageSize: PICK_PAGE_SIZE } });
      return { totalCount, entities: entities.map(({ id, questionText, optionType, tags }) => ({ id, questionText, optionType, tags })) };
    }
    if (params.list === "quizzes") {
      const except = Number(query.get("except")) || 0;
      const { totalCount, entities } = await listAllQuizzes(services, caller, {
        queryParams: { filter: { quizName: query.get("search") || undefined }, pageNumber: page, pageSize: PICK_PAGE_SIZE },
      });
      return { totalCount, entities: entities.map(({ id, quizName, category, course, questionsCount }) => ({ id, quizName, category, course, questionsCount, isSelf: id === except })) };
    }
    if (params.list === "sourceQuestions") {
      const entities = await listSourceQuestions(services, caller, { quizIds: ids(query.get("ids")), exceptQuizId: Number(query.get("except")) || undefined });
      return { totalCount: entities.length, entities: entities.map(({ id, questionText, optionType }) => ({ id, questionText, optionType, tags: [] as string[] })) };
    }
    // The draws editor (ADR 0077): the business's tags, and each draw's "N available".
    if (params.list === "tags") {
      const { totalCount, entities } = await listTags(services, caller, { queryParams: { pageNumber: 1, pageSize: 100 } });
      return { totalCount, entities: entities.map(({ name }) => name) };
    }
    if (params.list === "drawsAvailable") {
      const { available } = await availableForDraws(services, caller, { draws: jsonOrNothing(query.get("draws")), selectedQuestions: ids(query.get("selected")) });
      return { totalCount: available.length, entities: available };
    }
  } catch (error) {
    return actionFailure(error);
  }
  throw data(null, { status: 404 });
}
