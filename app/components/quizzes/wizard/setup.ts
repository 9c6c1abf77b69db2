import type { AdminSetting } from "../../../../api/services/admin-settings/schemas";
import type { CategoryCourse } from "../../../../api/services/categories/schemas";
import type { Lookup } from "../../../../api/services/lookups/list-profiles-and-departments";
import type { StoredQuiz } from "./draft";

/** A question as the wizard lists it: never its options, so nothing about correct answers. */
export interface QuestionSummary {
  id: number;
  questionText: string;
  optionType: string;
  tags?: string[];
}

/** What the wizard's loaders hand the wizard (wizard.server.ts), in both modes. */
export interface WizardSetup {
  mode: "create" | "edit";
  quizId: number | null;
  quiz: (StoredQuiz & { questions: QuestionSummary[] }) | null;
  place: { category: string; course: string };
  takenCount: number;
  entries: CategoryCourse[];
  policy: AdminSetting;
  profiles: Lookup[];
  departments: Lookup[];
  questionSummaries: QuestionSummary[];
  sourceNames: { id: number; quizName: string }[];
  /** The classes the author may set the quiz for (ADR 0079), by name. */
  classes: { id: number; name: string }[];
}

/** The wizard's action answers (wizard.server.ts). */
export type WizardAnswer =
  | { intent: "check"; step: string; errors: Record<string, string> }
  | { intent: "save"; message: string; errors?: Record<string, string> };
