import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { ClassChoice } from "../../../api/services/classes/class-choices";
import { Select } from "../ui/Select";

/** The picker's key for no filter (react-aria keys cannot be empty). */
const ALL = "all";

/**
 * "Class": the results filter by class (ADR 0080) on the stats page, the item analysis and the
 * owner's and teachers' leader board. Choosing one puts `?classId=` in the URL (back to page 1,
 * the rest of the query kept), so the view survives a reload, can be shared, and the CSV link
 * built from the URL follows it. Nothing shows for a caller without classes (a student).
 */
export function ClassPicker({ classes, classId }: { classes: ClassChoice[]; classId: number | null }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const navigate = useNavigate();
  if (classes.length === 0) return null;
  const choose = (key: string) => {
    const next = new URLSearchParams(location.search);
    if (key === ALL) next.delete("classId");
    else next.set("classId", key);
    next.delete("page");
    navigate({ search: `?${next}` }, { preventScrollReset: true });
  };
  const options = [{ id: ALL, label: t("classFilter.all") }, ...classes.map((c) => ({ id: String(c.classId), label: c.code ? `${c.name} (${c.code})` : c.name }))];
  return (
    <Select
      className="class-picker"
      label={t("classFilter.label")}
      options={options}
      selectedKey={classId === null ? ALL : String(classId)}
      onSelectionChange={(key) => key !== null && choose(String(key))}
    />
  );
}
