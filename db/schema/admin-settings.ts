import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { bool } from "./columns";

/** Who may sign up as a Teacher: nobody, anyone once the owner approves (default), or anyone at once. */
export const TEACHER_REGISTRATION = ["Off", "Approval", "Open"] as const;
export type TeacherRegistration = (typeof TEACHER_REGISTRATION)[number];
/** What students see of the leader board (issue 27 point 7, ADR 0076): everyone named, only themselves named, or nothing. */
export const LEADER_BOARD_FOR_STUDENTS = ["Full", "Anonymous", "Off"] as const;
export type LeaderBoardForStudents = (typeof LEADER_BOARD_FOR_STUDENTS)[number];

/**
 * What teachers of a business may use (spec: Admin setting), one row per business.
 * Defaults allow everything except subscriptions, which need payment keys first.
 */
export const adminSettings = sqliteTable(
  "admin_settings",
  {
    businessId: integer("business_id")
      .primaryKey()
      .references(() => businesses.id),
    quizTimeSettingAllowed: bool("quiz_time_setting_allowed").notNull().default(true),
    questionTimeSettingAllowed: bool("question_time_setting_allowed").notNull().default(true),
    negativeMarkingSettingAllowed: bool("negative_marking_setting_allowed").notNull().default(true),
    showAnswerSettingAllowed: bool("show_answer_setting_allowed").notNull().default(true),
    passwordQuizSettingAllowed: bool("password_quiz_setting_allowed").notNull().default(true),
    internalizationSettingAllowed: bool("internalization_setting_allowed").notNull().default(true),
    enableSubscription: bool("enable_subscription").notNull().default(false),
    maximumRoleLevelForTeacher: integer("maximum_role_level_for_teacher").notNull().default(4),
    /** Beyond the spec (docs/decisions/0029): how self-registered Teachers become authors. */
    teacherRegistration: text("teacher_registration", { enum: TEACHER_REGISTRATION }).notNull().default("Approval"),
    /** Role level of accounts that sign up or arrive through the provider (8, User; validated 0-8 by the API). */
    defaultRoleLevel: integer("default_role_level").notNull().default(8),
    /** ADR 0076: below a quiz's pass mark, a certificate of completion is issued only when the owner says so (default no). */
    completionCertificateBelowPass: bool("completion_certificate_below_pass").notNull().default(false),
    /** ADR 0076: what students see of the leader board; teachers and the owner always see it whole. */
    leaderBoardForStudents: text("leader_board_for_students", { enum: LEADER_BOARD_FOR_STUDENTS }).notNull().default("Anonymous"),
    /**
     * ADR 0082: the school's time zone (an IANA name), in which every date is typed and shown.
     * Null until the owner saves settings once: pages then use the reader's own zone, as before.
     */
    timeZone: text("time_zone"),
  },
  (t) => [check("admin_settings_role_level_ck", sql`${t.maximumRoleLevelForTeacher} between 0 and 8`)],
);

export type AdminSettings = typeof adminSettings.$inferSelect;
