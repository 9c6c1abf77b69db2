import { z } from "@hono/zod-openapi";

/** Spec 6: role levels 0-8 and their names; teachers up to the maximum may switch to Student and back. */
export const ROLE_LEVELS = ["Owner", "CEO", "VP", "Director", "Manager", "Supervisor", "Team Lead", "Team Member", "User"] as const;
export const DEFAULT_MAXIMUM_ROLE_LEVEL = 4;

export const ALLOWED_FLAGS = [
  "quizTimeSettingAllowed",
  "questionTimeSettingAllowed",
  "negativeMarkingSettingAllowed",
  "showAnswerSettingAllowed",
  "passwordQuizSettingAllowed",
  "internalizationSettingAllowed",
] as const;
export type AllowedFlag = (typeof ALLOWED_FLAGS)[number];

/** Spec 8: the owner must choose every option; one alert says so. */
export const OPTIONS_REQUIRED = "Please choose Yes or No for every option";
export const ROLE_LEVEL_INVALID = "Maximum role level for teacher must be a whole number from 0 to 8";
export const ADMIN_SETTING_UPDATED = "Admin setting updated";

const yesNo = z.enum(["Yes", "No"], { error: OPTIONS_REQUIRED });

/** The API's shape (decisions: Yes/No stay "Yes"/"No" at the boundary). */
export const AdminSettingInput = z.object(
  {
    quizTimeSettingAllowed: yesNo,
    questionTimeSettingAllowed: yesNo,
    negativeMarkingSettingAllowed: yesNo,
    showAnswerSettingAllowed: yesNo,
    passwordQuizSettingAllowed: yesNo,
    internalizationSettingAllowed: yesNo,
    maximumRoleLevelForTeacher: z.coerce
      .number({ error: ROLE_LEVEL_INVALID })
      .int(ROLE_LEVEL_INVALID)
      .min(0, ROLE_LEVEL_INVALID)
      .max(ROLE_LEVELS.length - 1, ROLE_LEVEL_INVALID),
    enableSubscription: yesNo,
  },
  { error: "The request body must be a JSON object" },
);
export type AdminSettingInput = z.input<typeof AdminSettingInput>;

export type AdminSetting = { [flag in AllowedFlag]: "Yes" | "No" } & { maximumRoleLevelForTeacher: number; enableSubscription: "Yes" | "No" };
