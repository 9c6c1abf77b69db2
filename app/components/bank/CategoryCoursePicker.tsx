import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { CategoryCourse } from "../../../api/services/categories/schemas";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { CategoryCourseSelects } from "./CategoryCourseSelects";
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
 * Changing the category clears the course (spec 4), here as in the editor (CategoryCourseSelects).
 */
export function CategoryCoursePicker({ entries, initialCategory, initialCourse, refused }: Props) {
  const { t } = useTranslation("bank");
  const navigation = useNavigation();
  const [category, setCategory] = useState(initialCategory);
  const [course, setCourse] = useState(initialCourse);
  const [missing, setMissing] = useState(refused);

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
        <CategoryCourseSelects
          entries={entries}
          category={category}
          course={course}
          onChange={(choice) => {
            setCategory(choice.category);
            setCourse(choice.course);
          }}
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
