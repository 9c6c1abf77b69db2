import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  uniqueIndex,
  integer,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { businesses, departments } from "./businesses";
import { bool, createdAt, id, updatedAt } from "./columns";
import { subscribers } from "./subscriptions";

export const USER_TYPES = ["Student", "Teacher", "Admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * Spec 6: 0 Owner … 4 Manager … 8 User. The column's stored default stays 4 (changing a
 * default rebuilds the table in SQLite); every insert states the level instead: new accounts
 * get the business's `defaultRoleLevel` (8, User, unless the owner sets another), so a
 * sign-up can never reach `maximumRoleLevelForTeacher` on its own (docs/decisions/0029).
 */
export const DEFAULT_ROLE_LEVEL = 4;
export const NEW_ACCOUNT_ROLE_LEVEL = 8;

/**
 * A self-registered Teacher's request, while the owner has not approved it (the account is
 * a Student meanwhile) or after the owner refused it. Null: no open request.
 */
export const TEACHER_REQUESTS = ["pending", "refused"] as const;
export type TeacherRequest = (typeof TEACHER_REQUESTS)[number];

export const users = sqliteTable(
  "users",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    departmentId: integer("department_id").references(() => departments.id, {
      onDelete: "set null",
    }),
    /** Unique across the deployment: sign-in by e-mail must find exactly one account. */
    email: text("email").notNull().unique("users_email_uq"),
    username: text("username").notNull(),
    fullname: text("fullname").notNull(),
    /** Null for accounts created through the OpenID Connect provider. */
    passwordHash: text("password_hash"),
    userType: text("user_type", { enum: USER_TYPES }).notNull(),
    /** The spec's numeric profile code (profiles.code); 2 = owner. */
    profile: integer("profile").notNull(),
    roleLevel: integer("role_level").notNull().default(DEFAULT_ROLE_LEVEL),
    teacherRequest: text("teacher_request", { enum: TEACHER_REQUESTS }),
    /** The language of the pages the account signed up from (a locales/ code): e-mails about the account's own request use it. Null: not known (older accounts, accounts made by others). */
    language: text("language"),
    /** Blob key of the picture, if any. */
    pic: text("pic"),
    /** The user's current subscription (spec's session field); a plain pointer, kept by the billing code. */
    subscriptionId: integer("subscription_id").references((): AnySQLiteColumn => subscribers.id, {
      onDelete: "set null",
    }),
    oidcSubject: text("oidc_subject").unique("users_oidc_subject_uq"),
    /**
     * Whether the owner of this e-mail has shown they receive its mail. Self-registration
     * starts false (a verification link is mailed); accounts made by an owner, the
     * create-owner command, the module endpoints, the demo data or a provider that vouches
     * for the e-mail start true. Provider sign-in never links to an unconfirmed account.
     */
    emailVerified: bool("email_verified").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Lower-case is enforced by the database so that no code path can create a second
    // account that differs only by case.
    check("users_email_lower_ck", sql`${t.email} = lower(${t.email})`),
    check("users_role_level_ck", sql`${t.roleLevel} between 0 and 8`),
    // One username per business without regard to case (issue 25, point 16;
    // api/services/users/username.ts gives the message, this settles races and every writer).
    uniqueIndex("users_business_username_lower_uq").on(t.businessId, sql`lower(${t.username})`),
    index("users_business_fullname_idx").on(t.businessId, t.fullname),
    index("users_business_type_idx").on(t.businessId, t.userType),
    index("users_business_teacher_request_idx").on(t.businessId, t.teacherRequest),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
