import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "react-aria-components";
import type { BusinessModule, SessionUser } from "../../../api/services/auth/types";
import { Button as UiButton } from "../ui/Button";
import { Modal, useDialogTrigger } from "../ui/Modal";
import { Avatar } from "./Avatar";
import { CloseIcon, SignOutIcon } from "./icons";
import { ModuleList } from "./ModuleList";
import { truncateEmail } from "./truncate-email";

interface UserPanelProps {
  user: SessionUser;
  modules: BusinessModule[];
  currentModuleId: string;
  modulesFailed?: boolean;
}

/**
 * The user box in the header and the off-canvas panel it opens (spec 2.3): picture or
 * initial, full name, user type, e-mail (truncated at 20 characters), Sign Out, business,
 * department and modules. A modal dialog (ui/Modal): focus is trapped, Escape and a click
 * outside close it.
 */
export function UserPanel({ user, modules, currentModuleId, modulesFailed }: UserPanelProps) {
  const { t } = useTranslation();
  const { state, triggerProps, dialogProps } = useDialogTrigger();
  return (
    <>
      <Button {...triggerProps} className="shell-userbox">
        <span className="shell-userbox__greeting">{t("header.hi")}</span>{" "}
        <span className="shell-userbox__name">{user.fullname}</span>
        <Avatar name={user.fullname} pic={user.pic} />
      </Button>
      <Modal
        state={state}
        isDismissable
        overlayClassName="shell-offcanvas-overlay"
        modalClassName="shell-offcanvas"
        dialogClassName="shell-offcanvas__dialog"
        dialogProps={dialogProps}
      >
        {({ titleProps, close }) => (
          <>
            <div className="shell-offcanvas__header">
              <h2 {...titleProps} className="shell-offcanvas__title">
                {t("userPanel.title")}
              </h2>
              <Button className="shell-header__button" onPress={close} aria-label={t("actions.close")}>
                <CloseIcon />
              </Button>
            </div>

            <div className="shell-offcanvas__user">
              <Avatar name={user.fullname} pic={user.pic} size="lg" />
              <div className="shell-offcanvas__identity">
                <p className="shell-offcanvas__name">{user.fullname}</p>
                <p className="shell-offcanvas__type">{t(`userTypes.${user.userType}`)}</p>
                <p className="shell-offcanvas__email" title={user.email}>
                  <span aria-hidden="true">{truncateEmail(user.email)}</span>
                  <span className="ui-visually-hidden">{user.email}</span>
                </p>
                {/* A POST, so that no prefetch or cross-site link can sign anyone out. */}
                <Form method="post" action="/logout" reloadDocument className="shell-offcanvas__signout">
                  <UiButton type="submit" variant="primary" size="sm">
                    <SignOutIcon />
                    <span>{t("userPanel.signOut")}</span>
                  </UiButton>
                </Form>
              </div>
            </div>

            <dl className="shell-offcanvas__facts">
              <div>
                <dt>{t("userPanel.business")}</dt>
                <dd>{user.business_name}</dd>
              </div>
              <div>
                <dt>{t("userPanel.department")}</dt>
                <dd>{user.department_name ?? t("userPanel.noDepartment")}</dd>
              </div>
            </dl>

            <nav className="shell-offcanvas__links" aria-label={t("userPanel.title")}>
              <Link to="/user-profile" onClick={close}>
                {t("userPanel.myProfile")}
              </Link>
              <Link to="/settings/personal-information" onClick={close}>
                {t("userPanel.settings")}
              </Link>
            </nav>

            <section className="shell-offcanvas__modules" aria-labelledby="shell-offcanvas-modules">
              <h3 id="shell-offcanvas-modules" className="shell-offcanvas__subtitle">
                {t("modules.title")}
              </h3>
              <ModuleList modules={modules} currentModuleId={currentModuleId} failed={modulesFailed} />
            </section>
          </>
        )}
      </Modal>
    </>
  );
}
