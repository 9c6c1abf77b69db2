import { inArray, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import { accountPolicy } from "../admin-settings/account-policy";
import { isUniqueViolation } from "../auth/create-account";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { mayBeInClass, profileForUserType } from "../core/permissions";
import { ONE_LINE } from "../core/single-line";
import { createPacer } from "../imports/time-slices";
import { freeUsernameLike } from "../users/username";
import { isAccountEmail } from "./email";
import type { RosterSummary } from "./import-record";
import type { RosterReason } from "./messages";
import type { RosterInput, RosterRow } from "./parse-roster";
import { invitationToken, sendInvitation } from "./roster-invitation";
import type { Language } from "../../../locales/languages";

const MAX_NAME = 100;
/** Rows looked up together: one query for the accounts of 100 e-mails. */
const CHUNK = 100;

interface RosterClass {
  id: number;
  name: string;
  /** The language its invitations are written in (the importing teacher's page: roster-invitation.ts). */
  invitationLanguage: Language;
}

/**
 * Stores a parsed roster into a class, row by row, each row all or nothing: a new account,
 * its place in the class and its invitation link are one batch (a row that fails leaves no
 * account behind); an existing student of the school is put in the class; every other row is
 * rejected with its reason. The invitation is mailed after its row is stored.
 */
export async function storeRoster(services: AppServices, caller: Caller, klass: RosterClass, rows: RosterRow[], progress: (processed: number) => Promise<void>): Promise<RosterSummary> {
  const summary: RosterSummary = { created: 0, existing: 0, duplicates: 0, rejected: [] };
  const reject = (number: number, reason: RosterReason) => summary.rejected.push({ number, reason });
  const seen = new Set<string>();
  const { defaultRoleLevel } = await accountPolicy(services, caller.businessId);
  const pacer = createPacer();
  let processed = 0;

  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const emails = chunk.flatMap((row) => ("input" in row ? [String((row.input as RosterInput).email).trim().toLowerCase()] : []));
    const accounts = await services.db
      .select({ id: users.id, email: users.email, businessId: users.businessId, userType: users.userType, profile: users.profile, inClass: sql<number | null>`(select 1 from class_students where class_id = ${klass.id} and user_id = ${users.id})` })
      .from(users)
      .where(inArray(users.email, emails.length ? emails : [""]));

    for (const row of chunk) {
      processed += 1;
      if (!("input" in row)) {
        reject(row.number, "brokenRow");
        continue;
      }
      const input = row.input as RosterInput;
      const fullname = String(input.fullname).trim();
      const email = String(input.email).trim().toLowerCase();
      if (!isAccountEmail(email)) reject(row.number, "emailInvalid");
      else if (fullname.length === 0) reject(row.number, "nameRequired");
      else if (fullname.length > MAX_NAME || !ONE_LINE.test(fullname)) reject(row.number, "nameInvalid");
      else if (seen.has(email)) {
        summary.duplicates += 1;
        reject(row.number, "duplicateInFile");
      } else {
        seen.add(email);
        const account = accounts.find((a) => a.email === email);
        if (account && account.businessId !== caller.businessId) reject(row.number, "emailNotAvailable");
        else if (account && !mayBeInClass(account)) reject(row.number, "notAStudent");
        else if (account && account.inClass !== null) {
          summary.duplicates += 1;
          reject(row.number, "alreadyInClass");
        } else if (account) {
          await services.db.run(sql`insert or ignore into class_students (class_id, user_id, joined_by, joined_at) values (${klass.id}, ${account.id}, 'import', ${services.now().getTime()})`);
          summary.existing += 1;
        } else {
          const reason = await createInvitedStudent(services, caller, klass, { fullname, email }, defaultRoleLevel);
          if (reason) reject(row.number, reason);
          else summary.created += 1;
        }
      }
      await pacer.tick();
    }
    await progress(processed);
    await pacer.rest();
  }
  return summary;
}

/** A new Student account in the class with its invitation; undefined when made, else why not (a race took the e-mail). */
async function createInvitedStudent(services: AppServices, caller: Caller, klass: RosterClass, person: { fullname: string; email: string }, roleLevel: number): Promise<RosterReason | undefined> {
  const now = services.now();
  const username = await freeUsernameLike(services, caller.businessId, person.email.split("@")[0], 50);
  const invitation = await invitationToken(services, person.email);
  try {
    await services.db.batch([
      services.db.insert(users).values({
        businessId: caller.businessId,
        email: person.email,
        fullname: person.fullname,
        username,
        passwordHash: null,
        userType: "Student",
        profile: profileForUserType("Student"),
        roleLevel,
        // Nobody has shown they read this mailbox yet: the invitation's link is the first proof.
        emailVerified: false,
        createdAt: now,
        updatedAt: now,
      }),
      services.db.run(sql`insert into class_students (class_id, user_id, joined_by, joined_at) select ${klass.id}, id, 'import', ${now.getTime()} from users where email = ${person.email}`),
      invitation.statement,
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) return "emailNotAvailable";
    if (isUniqueViolation(error, "users_business_username_lower_uq")) return "emailNotAvailable";
    throw error;
  }
  try {
    await sendInvitation(services, { businessId: caller.businessId, email: person.email, fullname: person.fullname, className: klass.name, token: invitation.token, language: klass.invitationLanguage });
  } catch (error) {
    // The account and its place stand; the student can still ask for a reset link from the sign-in page.
    console.error("class invitation not sent", error);
  }
  return undefined;
}
