import { describe, expect, it } from "vitest";
import { createTenant } from "../test-support/factories.node";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";
import { JSON_CONTENT_TYPE, JSON_DISPOSITION } from "./json-answers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe("API answers declare UTF-8 JSON and come as attachments (ASVS 14.4.1, 14.4.2)", () => {
  it("on success, on refused input, on a missing session and on an unknown endpoint", async () => {
    const app = createTestApi(await createTestServices());
    const answers = [
      await app.request("/health"),
      await app.request("/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      await app.request("/auth/me"),
      await app.request("/no-such-endpoint"),
      await app.request("/openapi.json"),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 400, 401, 404, 200]);
    for (const res of answers) {
      expect(res.headers.get("content-type"), res.url).toBe(JSON_CONTENT_TYPE);
      expect(res.headers.get("content-disposition"), res.url).toBe(JSON_DISPOSITION);
      expect(await res.json()).toBeTruthy();
    }
  });

  it("leaves a stored file's own type alone", async () => {
    const services = await createTestServices();
    const app = createTestApi(services);
    const { teacher } = await createTenant(services.db);
    const body = new FormData();
    body.set("file", new File([PNG.slice()], "photo.png"));
    const upload = await app.request("/files/upload", { method: "POST", body, headers: await bearer(services, teacher) });
    expect(upload.headers.get("content-disposition")).toBe(JSON_DISPOSITION);
    const { url } = (await upload.json()) as { url: string };

    const file = await app.request(url.replace(/^\/api/, ""));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).not.toBe(JSON_DISPOSITION);
  });
});
