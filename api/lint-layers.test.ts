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
    for (const specifier of ["../../routes/quizzes", "../../middleware/auth", "../../app", "../../../app", "../../../server/node"]) {
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
});
