import { useTranslation } from "react-i18next";
import type { CategoryCourse } from "../../../api/services/categories/schemas";
import { Select } from "../ui/Select";

interface Props {
  /** Every category of the business with its courses (listAllCategoryCourses). */
  entries: CategoryCourse[];
  category: string;
  course: string;
  /** A new category comes with an empty course (spec 4: changing category clears course). */
  onChange: (choice: { category: string; course: string }) => void;
}

/**
 * The category and course pickers of the bank's step 1, also used by the question editor so
 * a question can move to another bank. Submitted as `category` and `course` (hidden native
 * selects); the course list is the chosen category's. Each shows the enclosing Form's error for
 * its name, and a choice clears it (ui/Select).
 */
export function CategoryCourseSelects({ entries, category, course, onChange }: Props) {
  const { t } = useTranslation("bank");
  const courses = entries.find((entry) => entry.category === category)?.course ?? [];
  return (
    <>
      <Select
        name="category"
        label={t("category")}
        placeholder={t("chooseCategory")}
        options={entries.map((entry) => ({ id: entry.category, label: entry.category }))}
        selectedKey={category || null}
        onSelectionChange={(key) => onChange({ category: key === null ? "" : String(key), course: "" })}
        showRequired
      />
      <Select
        name="course"
        label={t("course")}
        placeholder={category ? t("chooseCourse") : t("chooseCategoryFirst")}
        options={courses.map((name) => ({ id: name, label: name }))}
        selectedKey={course || null}
        onSelectionChange={(key) => onChange({ category, course: key === null ? "" : String(key) })}
        isDisabled={!category}
        showRequired
      />
    </>
  );
}
