import { z } from "@hono/zod-openapi";
import { LEADER_BOARD_FOR_STUDENTS, type LeaderBoardForStudents, TEACHER_REGISTRATION, type TeacherRegistration } from "../../../db/schema/admin-settings";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";
import { canonicalTimeZone } from "../core/dates";

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

/** An IANA zone the runtime knows, in the list's spelling (ADR 0082); offsets and anything else are refused. */
const SchoolTimeZone = z
  .string({ error: schemaMessage("SETTING_TIME_ZONE_UNKNOWN") })
  .refine((name) => canonicalTimeZone(name) !== null, { error: schemaMessage("SETTING_TIME_ZONE_UNKNOWN") })
  .transform((name) => canonicalTimeZone(name)!);

/** The owner's browser's zone, offered as the school's while it has none (ADR 0082, second addendum). */
export const BrowserTimeZoneInput = z.object({ timeZone: SchoolTimeZone }, { error: BODY_NOT_AN_OBJECT });

/** Spec 8: the owner must choose every option; one alert says so. */
export const OPTIONS_REQUIRED = "Please choose Yes or No for every option";
export const ROLE_LEVEL_INVALID = "Maximum role level for teacher must be a whole number from 0 to 8";
export const ADMIN_SETTING_UPDATED = "Admin setting updated";
export const TEACHER_REGISTRATION_INVALID = "Teacher registration must be Off, Approval or Open";
export const DEFAULT_ROLE_LEVEL_INVALID = "Role level of new accounts must be a whole number from 0 to 8";
/** The English texts above by their codes (api/services/message-codes.ts); the checks below say them so. */
export const ADMIN_SETTING_MESSAGES = {
  ADMIN_SETTING_UPDATED,
  SETTING_OPTIONS_REQUIRED: OPTIONS_REQUIRED,
  SETTING_ROLE_LEVEL_INVALID: ROLE_LEVEL_INVALID,
  SETTING_TEACHER_REGISTRATION_INVALID: TEACHER_REGISTRATION_INVALID,
  SETTING_DEFAULT_ROLE_LEVEL_INVALID: DEFAULT_ROLE_LEVEL_INVALID,
  SETTING_TIME_ZONE_UNKNOWN: "Choose the school's time zone from the list (a name such as Europe/Paris)",
} as const;

/**
 * A role level (spec 6: 0 Owner … 8 User), refused with `message`; every form and API that takes
 * one uses it. Strict: a number, or a form's text of digits only. `""`, `null`, `false` and `[]`
 * are refused, not coerced to 0, which is Owner (issue 25, point 17).
 */
export const roleLevelField = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(ROLE_LEVELS.length - 1, message),
  );

const yesNo = z.enum(["Yes", "No"], { error: schemaMessage("SETTING_OPTIONS_REQUIRED") });

/** The API's shape (decisions: Yes/No stay "Yes"/"No" at the boundary). */
export const AdminSettingInput = z.object(
  {
    quizTimeSettingAllowed: yesNo,
    questionTimeSettingAllowed: yesNo,
    negativeMarkingSettingAllowed: yesNo,
    showAnswerSettingAllowed: yesNo,
    passwordQuizSettingAllowed: yesNo,
    internalizationSettingAllowed: yesNo,
    maximumRoleLevelForTeacher: roleLevelField(schemaMessage("SETTING_ROLE_LEVEL_INVALID")),
    enableSubscription: yesNo,
    // Beyond the spec (docs/decisions/0029); optional, so a client that sends only the
    // spec's fields keeps what the owner chose before.
    teacherRegistration: z
      .enum(TEACHER_REGISTRATION, { error: schemaMessage("SETTING_TEACHER_REGISTRATION_INVALID") })
      .optional()
      .openapi({ description: "Self-registered Teachers: Off (refused), Approval (the owner approves each; default), Open (authors at once)" }),
    defaultRoleLevel: roleLevelField(schemaMessage("SETTING_DEFAULT_ROLE_LEVEL_INVALID"))
      .optional()
      .openapi({ description: "role_level of accounts that sign up or arrive through the provider (default 8, User)" }),
    // Issue 27 points 4 and 7 (docs/decisions/0076); optional like the two above.
    completionCertificateBelowPass: z
      .enum(["Yes", "No"], { error: schemaMessage("SETTING_COMPLETION_CERTIFICATE_INVALID") })
      .optional()
      .openapi({ description: "Below a quiz's pass mark: Yes issues a certificate of completion, No (default) none. Without a pass mark every finished result has its completion certificate" }),
    leaderBoardForStudents: z
      .enum(LEADER_BOARD_FOR_STUDENTS, { error: schemaMessage("SETTING_LEADER_BOARD_FOR_STUDENTS_INVALID") })
      .optional()
      .openapi({ description: "What students see of the leader board: Full (every name), Anonymous (default: their own rows named, others as Student N), Off. Teachers and the owner always see it whole" }),
    // Issue 27 point 6 (docs/decisions/0082); optional like the ones above, stored in its canonical spelling.
    timeZone: SchoolTimeZone
      // null, as GET answers before one is chosen, sends the setting back unchosen: a round trip changes nothing.
      .nullable()
      .optional()
      .openapi({ description: "The school's time zone, an IANA name (Europe/Paris): every date is typed and shown in it. null: none chosen, pages use each reader's own zone. Left out: unchanged", example: "Europe/Paris" }),
  },
  { error: BODY_NOT_AN_OBJECT },
);
export type AdminSettingInput = z.input<typeof AdminSettingInput>;
export type AdminSettingValues = z.output<typeof AdminSettingInput>;

export type AdminSetting = { [flag in AllowedFlag]: "Yes" | "No" } & {
  maximumRoleLevelForTeacher: number;
  enableSubscription: "Yes" | "No";
  teacherRegistration: TeacherRegistration;
  defaultRoleLevel: number;
  completionCertificateBelowPass: "Yes" | "No";
  leaderBoardForStudents: LeaderBoardForStudents;
  /** Null until the owner saves one (pages then use each reader's own zone, ADR 0082). */
  timeZone: string | null;
};
