import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { PlatformEntity } from "../../../api/services/lti/platforms/list-platforms";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { Button } from "../ui/Button";
import { ConfirmFormButton } from "../ui/ConfirmFormButton";
import { Spinner } from "../ui/Spinner";

/** The business's platforms (issue 29 point 1): who may launch the tool, with disable / enable and remove (confirmed). */
export function PlatformTable({ platforms }: { platforms: PlatformEntity[] }) {
  const { t } = useTranslation("lti");
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && /\/admin\/lti\/?$/.test(navigation.location.pathname);
  const columns: ListColumn<PlatformEntity>[] = [
    { id: "name", header: t("platforms.columns.name"), cell: (platform) => <strong>{platform.name}</strong> },
    { id: "issuer", header: t("platforms.columns.issuer"), labelOnCard: true, className: "lti-table__break", cell: (platform) => platform.issuer },
    { id: "clientId", header: t("platforms.columns.clientId"), labelOnCard: true, className: "lti-table__break", cell: (platform) => platform.clientId },
    {
      id: "deployments",
      header: t("platforms.columns.deployments"),
      labelOnCard: true,
      className: "lti-table__break",
      cell: (platform) => (platform.deploymentIds.length ? platform.deploymentIds.join(", ") : t("platforms.noDeployments")),
    },
    { id: "registeredBy", header: t("platforms.columns.registeredBy"), labelOnCard: true, cell: (platform) => t(`platforms.registeredBy.${platform.registeredBy}`) },
    {
      id: "enabled",
      header: t("platforms.columns.enabled"),
      labelOnCard: true,
      cell: (platform) => (
        <span className={`shell-badge ${platform.enabled ? "shell-badge--success" : "shell-badge--neutral"}`}>{t(platform.enabled ? "platforms.state.enabled" : "platforms.state.disabled")}</span>
      ),
    },
    {
      id: "actions",
      header: t("platforms.columns.actions"),
      cell: (platform) => (
        <div className="lti-table__actions">
          <Form method="post">
            <input type="hidden" name="intent" value="enable" />
            <input type="hidden" name="platformId" value={platform.id} />
            <input type="hidden" name="enabled" value={platform.enabled ? "false" : "true"} />
            <Button type="submit" size="sm" variant="secondary" aria-label={`${t(platform.enabled ? "platforms.disable" : "platforms.enable")}: ${platform.name}`}>
              {t(platform.enabled ? "platforms.disable" : "platforms.enable")}
            </Button>
          </Form>
          <ConfirmFormButton
            label={t("platforms.remove")}
            ariaLabel={`${t("platforms.remove")}: ${platform.name}`}
            title={t("platforms.removeTitle", { name: platform.name })}
            body={t("platforms.removeText")}
            confirmLabel={t("platforms.remove")}
            cancelLabel={t("platforms.cancel")}
            fields={{ intent: "remove", platformId: platform.id }}
          />
        </div>
      ),
    },
  ];
  return (
    <ListTable
      columns={columns}
      rows={platforms}
      rowKey={(platform) => platform.id}
      caption={t("platforms.caption")}
      className="lti-table"
      loading={loading}
      loadingContent={<Spinner label={t("platforms.loading")} />}
      emptyText={t("platforms.empty")}
    />
  );
}
