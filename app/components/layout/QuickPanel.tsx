import { useTranslation } from "react-i18next";
import { Button, Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import type { BusinessModule } from "../../../api/services/auth/types";
import { GridIcon } from "./icons";
import { ModuleList } from "./ModuleList";

/** The header's quick panel: jump into the other modules of the business (spec 1, 2.3). */
export function QuickPanel(props: { modules: BusinessModule[]; currentModuleId: string; failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogTrigger>
      <Button className="shell-header__button" aria-label={t("header.quickPanel")}>
        <GridIcon />
      </Button>
      <Popover placement="bottom end" className="shell-popover shell-quick-panel">
        <Dialog className="shell-quick-panel__dialog">
          <Heading slot="title" className="shell-quick-panel__title">
            {t("modules.title")}
          </Heading>
          <ModuleList {...props} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
