import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { UserEntity } from "../../../api/services/users/user-entity";
import { useDates } from "../layout/use-dates";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { Button } from "../ui/Button";
import { Select } from "../ui/Select";
import { roleLevelOptions } from "../admin/role-levels";


/**
 * The owner's accounts table (docs/decisions/0029). A pending teacher request offers
 * Approve and Refuse; every other account but an owner's offers its user type and role
 * level to change. Each row's forms post to the page's action, so it works without
 * JavaScript for the decisions; on phones each row is a card (shell.css "stacked cards").
 * The pager follows (app/components/layout/ListTable.tsx).
 */
export function UserTable({ users, loading, emptyText, pager }: { users: UserEntity[]; loading: boolean; emptyText: string; pager: { total: number; page: number; size: number } }) {
  const { t } = useTranslation(["admin", "common"]);
  const dates = useDates();
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("userId") : null;
  const levels = roleLevelOptions(t);
  const types = (["Student", "Teacher"] as const).map((type) => ({ id: type, label: t(`users.types.${type}`) }));

  const columns: ListColumn<UserEntity>[] = [
    {
      id: "name",
      header: t("users.columns.name"),
      cell: (user) => (
        <>
          <span className="users-table__name">{user.fullname}</span>
          <span className="users-table__email">{user.email}</span>
          <span className="users-table__created">
            {t("users.columns.created")} <time dateTime={new Date(user.createdAt).toISOString()}>{dates.dateTime(user.createdAt)}</time>
          </span>
        </>
      ),
    },
    {
      id: "type",
      header: t("users.columns.type"),
      labelOnCard: true,
      cell: (user) => (
        <>
          <span className="users-table__type">
            {t(`users.types.${user.userType}`)} · {t(`quizSetting.levels.${user.role_level}`)}
          </span>
          {user.teacherRequest && (
            <span className={`shell-badge ${user.teacherRequest === "pending" ? "shell-badge--warning" : "shell-badge--neutral"}`}>
              {t(`users.request.${user.teacherRequest}`)}
            </span>
          )}
        </>
      ),
    },
    { id: "actions", header: t("users.columns.actions"), className: "users-table__actions-cell", cell: (user) => <UserActions user={user} pending={busyWith === String(user.userId)} levels={levels} types={types} /> },
  ];

  return (
    <ListTable
      columns={columns}
      rows={users}
      rowKey={(user) => user.userId}
      caption={t("users.caption")}
      className="users-table"
      loading={loading}
      emptyText={emptyText}
      pager={pager}
    />
  );
}

type Choice = { id: string; label: string };

/** An account's decisions: Approve/Refuse a teacher request, and its user type and role level; an owner's account is fixed. */
function UserActions({ user, pending, levels, types }: { user: UserEntity; pending: boolean; levels: Choice[]; types: Choice[] }) {
  const { t } = useTranslation(["admin", "common"]);
  if (!user.changeable) return <span className="users-table__fixed">{t("users.ownerAccount")}</span>;
  return (
    <div className="users-table__actions">
      {user.teacherRequest && (
        <Form method="post" className="users-table__decision">
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="userId" value={user.userId} />
          <Button type="submit" name="decision" value="Approve" variant="primary" isPending={pending} aria-label={t("users.approveLabel", { name: user.fullname })}>
            {t("users.approve")}
          </Button>
          {user.teacherRequest === "pending" && (
            <Button type="submit" name="decision" value="Refuse" variant="secondary" isDisabled={pending} aria-label={t("users.refuseLabel", { name: user.fullname })}>
              {t("users.refuse")}
            </Button>
          )}
        </Form>
      )}
      <Form method="post" className="users-table__role" aria-label={t("users.changeLabel", { name: user.fullname })}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="userId" value={user.userId} />
        <Select name="userType" label={t("users.columns.userType")} options={types} defaultSelectedKey={user.userType === "Teacher" ? "Teacher" : "Student"} />
        <Select name="role_level" label={t("users.columns.roleLevel")} options={levels} defaultSelectedKey={String(user.role_level)} />
        <Button type="submit" variant="secondary" isDisabled={pending}>
          {t("users.save")}
        </Button>
      </Form>
    </div>
  );
}
