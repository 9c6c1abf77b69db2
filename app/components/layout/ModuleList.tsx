import { useTranslation } from "react-i18next";
import type { BusinessModule } from "../../../api/services/auth/types";

/**
 * The business's modules (spec 2.3 quick panel and user panel). This app is one of them
 * and is marked as the current one.
 */
export function ModuleList({
  modules,
  currentModuleId,
  failed = false,
}: {
  modules: BusinessModule[];
  currentModuleId: string;
  failed?: boolean;
}) {
  const { t } = useTranslation();
  if (failed) return <p className="shell-modules__empty" role="alert">{t("modules.loadError")}</p>;
  if (modules.length === 0) return <p className="shell-modules__empty">{t("modules.none")}</p>;
  return (
    <ul className="shell-modules">
      {modules.map((module) => {
        const current = module.module_id === currentModuleId;
        return (
          <li key={module.module_id}>
            <a className="shell-modules__link" href={module.url} aria-current={current ? "true" : undefined}>
              <span className="shell-modules__mark" aria-hidden="true">
                {Array.from(module.name)[0]?.toUpperCase() ?? "?"}
              </span>
              <span className="shell-modules__name">{module.name}</span>
              {current && <span className="shell-modules__current">{t("modules.current")}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
