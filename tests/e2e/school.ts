import path from "node:path";
import { createClient } from "@libsql/client";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, signInOverApi, untilInteractive } from "./fixtures";

/** The e2e server's database file (playwright.config.ts: DATA_DIR=.e2e-data). */
export const E2E_DATABASE = `file:${path.resolve(".e2e-data/quiz.db")}`;

/**
 * A connection to the e2e server's database for a test's own reads and writes. It waits for
 * the server's writes like the server waits for others (db/client.ts: 5 s), instead of
 * failing at once with SQLITE_BUSY while parallel tests keep the server writing.
 */
export function e2eDatabase() {
  return createClient({ url: E2E_DATABASE, timeout: 5000 });
}

export interface School {
  businessId: number;
  owner: string;
  teacher: string;
  student: string;
  departments: string[];
}

/**
 * A new, empty school in the e2e server's database: an owner, a teacher and a student
 * (all with the demo password: their hash is the demo teacher's, which depends only on the
 * password and the server's pepper), profiles, departments and the owner's default quiz
 * policy. Journeys that change the owner's policy or need an empty bank use their own
 * school, so tests running in parallel in the demo school never see their changes.
 */
export async function createSchool(name: string): Promise<School> {
  const db = e2eDatabase();
  try {
    const tag = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const { rows: demo } = await db.execute("select password_hash from users where email = 'teacher@demo.quiz'");
    const hash = demo[0].password_hash as string;
    const business = await db.execute({ sql: "insert into businesses (name, created_at) values (?, ?) returning id", args: [name, Date.now()] });
    const businessId = Number(business.rows[0].id);
    const departments = ["Year 7", "Year 8"];
    await db.batch(
      [
        ...departments.map((dept) => ({ sql: "insert into departments (business_id, name) values (?, ?)", args: [businessId, dept] })),
        ...[
          [1, "Staff"],
          [2, "Owner"],
          [3, "Teacher"],
          [4, "Student"],
        ].map(([code, label]) => ({ sql: "insert into profiles (business_id, code, name) values (?, ?, ?)", args: [businessId, code, label] })),
        { sql: "insert into admin_settings (business_id, maximum_role_level_for_teacher) values (?, 4)", args: [businessId] },
      ],
      "write",
    );
    const person = (role: string, userType: string, profile: number) => ({
      sql: `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
            values (?, ?, ?, ?, ?, ?, ?, 4, 1, ?, ?)`,
      args: [businessId, `${role}-${tag}@school.test`, `${role}-${tag}`, `${role[0].toUpperCase()}${role.slice(1)} of ${name}`, hash, userType, profile, Date.now(), Date.now()],
    });
    await db.batch([person("owner", "Teacher", 2), person("teacher", "Teacher", 3), person("student", "Student", 4)], "write");
    return { businessId, owner: `owner-${tag}@school.test`, teacher: `teacher-${tag}@school.test`, student: `student-${tag}@school.test`, departments };
  } finally {
    db.close();
  }
}

/**
 * Signs in any account with the demo password and opens its landing page (the home address
 * sends each user type to its own). Over the API, as `loginAs` (fixtures.ts) does: the form is
 * auth.spec.ts's subject, not every journey's.
 */
export async function signIn(page: Page, email: string, home = /\/quiz\/(teacher|admin|student)\//): Promise<void> {
  await signInOverApi(page, email);
  await page.goto("/quiz");
  await expect(page).toHaveURL(home);
  // As after the form: the landing page is the running app, not only its server-drawn text.
  await untilInteractive(page);
}

/** A bearer header for API calls made beside the browser (on the `request` fixture, not the page's cookies). */
export async function apiAuth(request: APIRequestContext, email: string): Promise<{ Authorization: string }> {
  const login = await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}
