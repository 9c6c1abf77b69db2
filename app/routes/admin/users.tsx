import { useTranslation } from "react-i18next";
import { Link, useNavigation, useSearchParams } from "react-router";
import { decideTeacherRequest } from "../../../api/services/users/decide-teacher-request";
import { listUsers } from "../../../api/services/users/list-users";
import { updateUserRole } from "../../../api/services/users/update-user-role";
import { readPaging } from "../../components/layout/paging";
import { ListSearch } from "../../components/layout/ListSearch";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { Alert } from "../../components/ui/Alert";
import { UserTable } from "../../components/users/UserTable";
import { servicesContext } from "../../context";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { sayAnswer } from "../../utils/message-codes";
import { USER_CODE_KEYS } from "../../components/users/messages";
import { callerOf, requireOwner } from "../../utils/guards.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/users";

/**
 * The owner's accounts (beyond the spec, docs/decisions/0029): teacher requests to approve
 * or refuse, and every account's user type and role level. The same verbs as /api/admin/users.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const { page, size } = readPaging(params);
  const requestsOnly = params.get("show") === "requests";
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const [list, pending] = await Promise.all([
    listUsers(services, caller, {
      queryParams: { filter: { teacherRequest: requestsOnly ? "pending" : undefined, search: search || undefined }, pageNumber: page, pageSize: size },
    }),
    listUsers(services, caller, { queryParams: { filter: { teacherRequest: "pending" }, pageSize: 1 } }),
  ]);
  return { ...list, page, size, requestsOnly, search, pendingCount: pending.totalCount, messages: routeMessages(request, "admin") };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireOwner(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const intent = field(form, "intent");
  try {
    const answer =
      intent === "decide"
        ? await decideTeacherRequest(services, caller, { userId: field(form, "userId"), decision: field(form, "decision") })
        : await updateUserRole(services, caller, { userId: field(form, "userId"), userType: field(form, "userType"), role_level: field(form, "role_level") });
    return actionSuccess(answer, { fullname: answer.entity.fullname });
  } catch (error) {
    return actionFailure(error, { intent });
  }
}


export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["admin", "common"]);
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { totalCount, entities, page, size, requestsOnly, search, pendingCount } = loaderData;
  const loading = navigation.state === "loading" && /\/admin\/users\/?$/.test(navigation.location.pathname);
  const tabHref = (requests: boolean) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (requests) next.set("show", "requests");
    else next.delete("show");
    return `?${next}`;
  };

  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("users.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("users.title")}
      </h1>
      <p className="shell-page__lead">{t("users.lead")}</p>
      {actionData && (
        <Alert variant={"ok" in actionData ? "success" : "danger"} resetKey={actionData}>
          {sayAnswer(t, USER_CODE_KEYS, actionData, { name: "fullname" in actionData ? actionData.fullname : "" })}
        </Alert>
      )}
      <ListSearch
        label={t("users.search")}
        fieldLabel={t("users.search")}
        submitLabel={t("users.find")}
        search={search}
        maxLength={100}
        keep={{ show: requestsOnly ? "requests" : undefined }}
        leading={
          <nav aria-label={t("users.views")} className="users-toolbar__views">
            <Link to={tabHref(false)} aria-current={requestsOnly ? undefined : "page"} className="users-toolbar__view">
              {t("users.all")}
            </Link>
            <Link to={tabHref(true)} aria-current={requestsOnly ? "page" : undefined} className="users-toolbar__view">
              {t("users.requests", { count: pendingCount })}
            </Link>
          </nav>
        }
      />
      <UserTable
        users={entities}
        loading={loading}
        emptyText={requestsOnly ? t("users.noRequests") : t("common:list.noRecords")}
        pager={{ total: totalCount, page, size }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
