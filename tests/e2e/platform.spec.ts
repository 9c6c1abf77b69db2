import { expect, test } from "./fixtures";

// The one handler: `/` → `/quiz`, `/api/*` → the API (JSON everywhere), the rest → React Router.
test("the root redirects to the app, and a signed-out visitor lands on the login page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/quiz\/auth\/login$/);
});

test("the API publishes its OpenAPI 3.1 contract", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.ok()).toBe(true);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  for (const path of ["/auth/register", "/auth/login", "/auth/login_using_keys", "/auth/forgot-password", "/files/upload"]) {
    expect(Object.keys(document.paths)).toContain(path);
  }
});

test("unknown API paths and malformed bodies answer with the JSON error envelope", async ({ request }) => {
  const unknown = await request.get("/api/does-not-exist");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ code: "NOT_FOUND", message: "The requested endpoint is not found" });

  const malformed = await request.post("/api/auth/login", {
    headers: { "content-type": "application/json" },
    data: "{not json",
  });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).message).toBeTruthy();
});
