import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { SessionUser } from "../../../api/services/auth/types";
import { Button } from "../ui/Button";
import { SwapIcon } from "./icons";

/**
 * 'Switch to Teacher' / 'Switch to Student' (spec 2.3, 4). A plain POST form, so it works
 * without JavaScript; the action re-issues the session and redirects to the new area.
 */
export function UserTypeSwitch({ userType }: { userType: SessionUser["userType"] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (userType !== "Student" && userType !== "Teacher") return null;
  const pending = navigation.state !== "idle" && navigation.formAction?.endsWith("/switch-user-type") === true;
  return (
    <Form method="post" action="/switch-user-type" className="shell-switch">
      <Button type="submit" variant="secondary" size="sm" isPending={pending} className="shell-switch__button">
        <SwapIcon />
        <span>{t(userType === "Student" ? "header.switchToTeacher" : "header.switchToStudent")}</span>
      </Button>
    </Form>
  );
}
