import { defineConfig } from "drizzle-kit";

/**
 * `npm run db:generate` writes plain SQL migrations to db/migrations. The same files are
 * applied by the app at start (db/migrate.node.ts, libSQL file or Turso) and by
 * `wrangler d1 migrations apply` for a D1 binding, so they must stay plain SQL.
 * dbCredentials only matter for drizzle-kit commands that connect (studio, push).
 */
export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "file:./data/quiz.db",
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
  strict: true,
  verbose: true,
});
