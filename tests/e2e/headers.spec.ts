import { DEMO_KEY_PAIR, DEMO_USERS, expect, test } from "./fixtures";

/** Item 11/12 of issue 6: the headers every answer carries, and the key sign-in URL. */

test("a page answers with a nonce-based Content-Security-Policy that its scripts carry", async ({ page }) => {
  const response = await page.goto("/quiz/auth/login");
  const headers = response!.headers();
  const policy = headers["content-security-policy"];
  const nonce = policy.match(/script-src 'nonce-([^']+)' 'strict-dynamic'/)?.[1];
  expect(nonce).toBeTruthy();
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) expect(policy).toContain(directive);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // The browser hides nonce attributes from the DOM; the served HTML shows them.
  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A fresh nonce per response.
  const again = (await page.request.get("/quiz/auth/login")).headers()["content-security-policy"];
  expect(again).not.toContain(nonce);
});

test("static files and API answers are sent with nosniff", async ({ page, request }) => {
  await page.goto("/quiz/auth/login");
  const script = await page.locator("script[src], link[rel=modulepreload]").first().evaluate((el) => (el as HTMLScriptElement).src || (el as HTMLLinkElement).href);
  expect(script).toContain("/quiz/assets/");
  const asset = await request.get(script);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
  const icon = await request.get("/quiz/favicon.svg");
  expect(icon.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await request.get("/api/health")).headers()["x-content-type-options"]).toBe("nosniff");
});

test("the key sign-in URL redirects without the keys, with no-referrer and no-store", async ({ page, request }) => {
  const { publicKey, privateKey, moduleId } = DEMO_KEY_PAIR;
  const keyUrl = `/quiz/auth/login/${publicKey}/${privateKey}/${moduleId}`;
  const first = await request.get(keyUrl, { maxRedirects: 0 });
  expect([302, 303]).toContain(first.status());
  expect(first.headers()["location"]).toBe("/quiz/auth/login?method=keys");
  expect(first.headers()["referrer-policy"]).toBe("no-referrer");
  expect(first.headers()["cache-control"]).toBe("no-store");

  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto(keyUrl);
  await expect(page).toHaveURL(new RegExp(`${DEMO_USERS.student.home}$`));
  // The address bar never showed the private key, so neither does the history.
  expect(visited.filter((url) => url.includes(privateKey))).toEqual([]);
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(3);
});

test("the password strength dictionaries stay out of the client bundle", async () => {
  // The e2e server runs the fresh `npm run build`; its client assets are what browsers load.
  const { readdirSync, readFileSync } = await import("node:fs");
  const dir = "build/client/quiz/assets";
  const scripts = readdirSync(dir).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const code = readFileSync(`${dir}/${name}`, "utf8");
    expect(code.includes("zxcvbn") || code.includes("passwords-common"), name).toBe(false);
  }
});

test("the local data folder is the server user's only", async () => {
  // server/node.ts created .e2e-data for this run (playwright.config.ts webServer).
  const { statSync, existsSync } = await import("node:fs");
  const mode = (file: string) => statSync(file).mode & 0o777;
  expect(mode(".e2e-data")).toBe(0o700);
  for (const file of [".e2e-data/quiz.db", ".e2e-data/quiz.db-wal", ".e2e-data/quiz.db-shm", ".e2e-data/.jwt-secret"]) {
    if (file.endsWith(".db") || file.endsWith(".jwt-secret")) expect(existsSync(file), file).toBe(true);
    if (existsSync(file)) expect(mode(file), file).toBe(0o600);
  }
});
