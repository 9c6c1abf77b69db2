import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { CategoryCourse } from "../../../api/services/categories/schemas";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Select } from "../ui/Select";
import { QUESTIONS_PATH } from "./paths";

interface Props {
  entries: CategoryCourse[];
  initialCategory: string;
  initialCourse: string;
  /** The server refused a "Next" without both (no JavaScript, or a stale link). */
  refused: boolean;
}

/**
 * Step 1 of the bank (spec 2.5, 4): a category, then one of its courses, then Next. A GET
 * form, so the choice is in the URL; the loader sends a complete choice on to step 2.
 * Changing the category clears the course (spec 4: the editor's rule, kept here too).
 */
export function CategoryCoursePicker({ entries, initialCategory, initialCourse, refused }: Props) {
  const { t } = useTranslation("bank");
  const navigation = useNavigation();
  const [category, setCategory] = useState(initialCategory);
  const [course, setCourse] = useState(initialCourse);
  const [missing, setMissing] = useState(refused);
  const courses = entries.find((entry) => entry.category === category)?.course ?? [];

  function checkBoth(event: FormEvent<HTMLFormElement>) {
    if (category && course) return;
    event.preventDefault();
    setMissing(true);
  }

  return (
    <Form method="get" action={QUESTIONS_PATH} className="bank-picker" onSubmit={checkBoth} aria-labelledby="bank-step1">
      <h2 id="bank-step1" className="bank-picker__title">
        {t("step1")}
      </h2>
      {missing && (
        <Alert variant="warning" onClose={() => setMissing(false)} resetKey={missing}>
          {t("chooseBoth")}
        </Alert>
      )}
      <div className="bank-picker__fields">
        <Select
          name="category"
          label={t("category")}
          placeholder={t("chooseCategory")}
          options={entries.map((entry) => ({ id: entry.category, label: entry.category }))}
          selectedKey={category || null}
          onSelectionChange={(key) => {
            setCategory(key === null ? "" : String(key));
            setCourse("");
          }}
          showRequired
        />
        <Select
          name="course"
          label={t("course")}
          placeholder={category ? t("chooseCourse") : t("chooseCategoryFirst")}
          options={courses.map((name) => ({ id: name, label: name }))}
          selectedKey={course || null}
          onSelectionChange={(key) => setCourse(key === null ? "" : String(key))}
          isDisabled={!category}
          showRequired
        />
      </div>
      <div className="bank-picker__actions">
        <Button type="submit" name="next" value="1" variant="primary" isPending={navigation.state !== "idle" && navigation.formMethod === "GET"}>
          {t("next")}
        </Button>
      </div>
    </Form>
  );
}
