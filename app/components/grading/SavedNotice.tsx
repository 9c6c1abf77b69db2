import { useTranslation } from "react-i18next";

export interface SavedGrade {
  mark: number;
  maxMark: number;
  percentage: number;
  gradingStatus: "Graded" | "NeedsGrading";
  studentName: string;
}

/**
 * A polite live region, always in the page so that a screen reader hears what is put in it:
 * after a save, whose mark it was (the name too, on the anonymous page: ADR 0070) and, when it
 * was the attempt's last essay, the student's final percentage.
 */
export function SavedNotice({ saved }: { saved?: SavedGrade }) {
  const { t, i18n } = useTranslation("grading");
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <p role="status" aria-live="polite" className={saved ? "grading-saved panel-note panel-note--success" : "grading-saved grading-saved--empty"}>
      {saved && t("saved.mark", { mark: number.format(saved.mark), max: number.format(saved.maxMark), name: saved.studentName })}
      {saved?.gradingStatus === "Graded" && ` ${t("saved.graded", { name: saved.studentName, percentage: number.format(saved.percentage) })}`}
    </p>
  );
}
