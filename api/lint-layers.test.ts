import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers are kept by `npm run lint` (eslint.config.js, docs/decisions/0037): each
 * deliberate upward import below must be an error, and its allowed neighbour must not.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("layers enforced by lint", { timeout: 60_000 }, () => {
  it("refuses services that import routes, middleware, the Hono app or a runtime entry", async () => {
    for (const specifier of ["../../routes/quizzes", "../../middleware/auth", "../../app", "../../../app", "../../../server/node", "../../env", "../../errors"]) {
      expect(await layerErrors("api/services/quizzes/example.ts", `import { x } from "${specifier}";\nexport const y = x;\n`), specifier).toHaveLength(1);
    }
    expect(await layerErrors("api/services/quizzes/example.ts", `import { isAuthor } from "../core/permissions";\nexport const y = isAuthor;\n`)).toEqual([]);
  });

  it("refuses db/ importing api/", async () => {
    expect(await layerErrors("db/example.ts", `import { x } from "../api/services/auth/password";\nexport const y = x;\n`)).toHaveLength(1);
    expect(await layerErrors("db/example.ts", `import { users } from "./schema/users";\nexport const y = users;\n`)).toEqual([]);
  });

  it("refuses adapters importing services other than the services' base, on Node-only files too", async () => {
    expect(await layerErrors("api/adapters/example.node.ts", `import { x } from "../services/quizzes/boundary";\nexport const y = x;\n`)).toHaveLength(1);
    expect(await layerErrors("api/adapters/example.ts", `import { cachedFontSource } from "../services/core/fonts";\nexport const y = cachedFontSource;\n`)).toEqual([]);
  });

  it("keeps the services' base free of other services, their types included", async () => {
    const base = "api/services/core/example.ts";
    expect(await layerErrors(base, `import { x } from "../quizzes/boundary";\nexport const y = x;\n`)).toHaveLength(1);
    expect(await layerErrors(base, `import { x } from "../../middleware/auth";\nexport const y = x;\n`)).toHaveLength(1);
    expect(await layerErrors(base, `import type { X } from "../imports/import-summary";\nexport type Y = X;\n`)).toHaveLength(1);
    expect(await layerErrors(base, `import type { MessageCode } from "../message-codes";\nexport type Y = MessageCode;\n`)).toHaveLength(1);
    expect(await layerErrors(base, `import type { ParseImportJob } from "./heavy-jobs";\nexport type Y = ParseImportJob;\n`)).toEqual([]);
    expect(await layerErrors(base, `import { users } from "../../../db/schema/users";\nexport const y = users;\n`)).toEqual([]);
  });

  it("lets pages import only the services and their schemas, and the API's type for the typed client", async () => {
    const page = "app/routes/example.tsx";
    for (const specifier of ["../../api/middleware/auth", "../../api/routes/quizzes", "../../api/adapters/mailer-outbox", "../../api/errors", "../../api/env"]) {
      expect(await layerErrors(page, `import { x } from "${specifier}";\nexport const y = x;\n`), specifier).toHaveLength(1);
    }
    expect(await layerErrors(page, `import { createApp } from "../../api/app";\nexport const y = createApp;\n`)).toHaveLength(1);
    expect(await layerErrors(page, `import type { ApiType } from "../../api/app";\nexport type Y = ApiType;\n`)).toEqual([]);
    expect(await layerErrors(page, `import { listQuizzesInput } from "../../api/services/quizzes/schemas";\nexport const y = listQuizzesInput;\n`)).toEqual([]);
  });

  it("keeps Deno-only code in *.deno.ts files that only the Deno entry imports", async () => {
    const denoRules = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-globals").map((m) => m.message);
    };
    const adapter = `import { startHeavyWork } from "./heavy-work.deno.ts";\nexport const y = startHeavyWork;\n`;
    expect(await denoRules("server/app.ts", adapter)).toHaveLength(1);
    expect(await denoRules("api/services/quizzes/example.ts", `import { x } from "../../../server/heavy-work.deno";\nexport const y = x;\n`)).toHaveLength(1);
    expect(await denoRules("api/services/quizzes/example.ts", `export const port = Deno.env.get("PORT");\n`)).toHaveLength(1);
    expect(await denoRules("server/deno.ts", adapter)).toEqual([]);
    expect(await denoRules("server/deno.ts", `import path from "node:path";\nexport const port = Deno.env.get("PORT") ?? path.sep;\n`)).toEqual([]);
    expect(await denoRules("server/shutdown.deno.ts", `export const stop = () => Deno.exit(0);\n`)).toEqual([]);
  });

  it("keeps every permission in the permissions module: a user type or profile comparison or a Forbidden elsewhere is refused", async () => {
    const permissionErrors = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
    };
    const refused = [
      `export const f = (caller: { userType: string }) => caller.userType !== "Student";\n`,
      `export const f = (caller: { userType: string }) => "Teacher" === caller.userType;\n`,
      `export const f = (userType: string) => userType === "Admin";\n`,
      `export const f = (user: { profile: number }) => user.profile === 2;\n`,
      `import { OWNER_PROFILE } from "../../../db/schema/businesses";\nexport const f = (p: number) => p === OWNER_PROFILE;\n`,
      `import { eq } from "drizzle-orm";\nimport { users } from "../../../db/schema/users";\nexport const f = () => eq(users.userType, "Student");\n`,
      `import { eq } from "drizzle-orm";\nimport { users } from "../../../db/schema/users";\nexport const f = () => eq(users.profile, 2);\n`,
      `export function f(c: { userType: string }) {\n  switch (c.userType) {\n    default:\n      return 1;\n  }\n}\n`,
      `import { Forbidden } from "../core/errors";\nexport const f = () => {\n  throw new Forbidden();\n};\n`,
    ];
    for (const filePath of ["api/services/quizzes/example.ts", "api/routes/example.ts", "api/middleware/example.ts", "app/utils/example.server.ts", "app/routes/teacher/example.tsx"]) {
      for (const code of refused) expect(await permissionErrors(filePath, code), `${filePath}: ${code}`).toHaveLength(1);
      // Calling a named predicate is the way.
      expect(await permissionErrors(filePath, `import { isStudent } from "../core/permissions";\nexport const f = (c: { userType: "Student" }) => isStudent(c);\n`)).toEqual([]);
    }
    // The module itself may: it is where the rules live.
    for (const code of refused) expect(await permissionErrors("api/services/core/permissions.ts", code), code).toEqual([]);
  });
});
