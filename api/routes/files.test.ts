import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createTenant } from "../test-support/factories.node";
import { files } from "../../db/schema";
import { UPLOAD_LIMITS } from "../services/files/rules";
import type { AppServices } from "../services/core/app-services";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const CSV = new TextEncoder().encode("questionText,option1,option2\nCapital of France?,Paris,Rome\n");
const FORBIDDEN = "Sorry! you don't have permissions for this operation";

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let otherTenant: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  tenant = await createTenant(services.db);
  otherTenant = await createTenant(services.db);
});

function form(file: { bytes: Uint8Array; name: string } | null, folder?: string) {
  const body = new FormData();
  if (file) body.set("file", new File([file.bytes.slice()], file.name));
  if (folder !== undefined) body.set("folder", folder);
  return body;
}
async function upload(user: Parameters<typeof bearer>[1] | null, body: FormData) {
  const headers = user ? await bearer(services, user) : undefined;
  return app.request("/files/upload", { method: "POST", body, headers });
}
/** Signed URLs are absolute paths under /api; the test app mounts the routers without it. */
const fetchSigned = (url: string) => app.request(url.replace(/^\/api/, ""));
const withQuery = (url: string, change: (q: URLSearchParams) => void) => {
  const parsed = new URL(url, "http://x");
  change(parsed.searchParams);
  return `${parsed.pathname}?${parsed.searchParams}`;
};

describe("POST /files/upload", () => {
  it("stores a teacher's PNG under question-images/<business>/ and returns a working signed URL", async () => {
    services.now = () => new Date("2026-05-01T08:00:00Z");
    const res = await upload(tenant.teacher, form({ bytes: PNG, name: "My photo.png" }));
    expect(res.status).toBe(201);
    const { key, url } = (await res.json()) as { key: string; url: string };
    expect(key).toMatch(new RegExp(`^question-images/${tenant.business.id}/1777622400000-[a-z0-9]+-My-photo\\.png$`));
    expect(url).toBe(`/api/files/${key}?expires=${1777622400 + 3600}&signature=${new URL(url, "http://x").searchParams.get("signature")}`);

    const [row] = await services.db.select().from(files).where(eq(files.key, key));
    expect(row).toMatchObject({ businessId: tenant.business.id, uploadedBy: tenant.teacher.id, contentType: "image/png", size: PNG.length });

    const read = await fetchSigned(url);
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
    expect(read.headers.get("content-type")).toBe("image/png");
    expect(read.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(read.headers.get("x-content-type-options")).toBe("nosniff");
    expect(read.headers.get("content-disposition")).toBeNull();
  });

  it("accepts an owner's CSV in csv-uploads and serves it as an attachment", async () => {
    const res = await upload(tenant.owner, form({ bytes: CSV, name: "questions.csv" }, "csv-uploads"));
    expect(res.status).toBe(201);
    const { key, url } = (await res.json()) as { key: string; url: string };
    expect(key.startsWith(`csv-uploads/${tenant.business.id}/`)).toBe(true);
    const read = await fetchSigned(url);
    expect(read.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(read.headers.get("content-disposition")).toMatch(/^attachment; filename=".*questions\.csv"$/);
    expect(await read.text()).toBe(new TextDecoder().decode(CSV));
  });

  it("accepts a .jfif JPEG and stores it as image/jpeg", async () => {
    const res = await upload(tenant.teacher, form({ bytes: JPEG, name: "scan.jfif" }));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect((await fetchSigned(url)).headers.get("content-type")).toBe("image/jpeg");
  });

  it.each([
    ["no file", null, undefined, 400, "Please choose a file to upload"],
    ["an unknown folder", { bytes: PNG, name: "a.png" }, "../../etc", 400, "folder must be question-images or csv-uploads"],
    ["HTML named .png", { bytes: new TextEncoder().encode("<html><script>alert(1)</script>"), name: "a.png" }, undefined, 400, "The file is not a valid JPEG or PNG image"],
    ["a GIF", { bytes: new TextEncoder().encode("GIF89a...."), name: "a.gif" }, undefined, 400, "Only jpg, jpeg, png and jfif images are allowed"],
    ["a binary named .csv", { bytes: PNG, name: "q.csv" }, "csv-uploads", 400, "The file is not a CSV text file (UTF-8)"],
    ["an image into csv-uploads", { bytes: PNG, name: "a.png" }, "csv-uploads", 400, "Only csv files (or gift/txt for a GIFT import, xml for a Moodle XML import, zip for an IMS QTI package) are allowed"],
    ["an empty file", { bytes: new Uint8Array(), name: "a.png" }, undefined, 400, "The file is empty"],
    ["a binary named .gift", { bytes: PNG, name: "bank.gift" }, "csv-uploads", 400, "The file is not a CSV text file (UTF-8)"],
  ] as const)("rejects %s", async (_label, file, folder, status, message) => {
    const res = await upload(tenant.teacher, form(file as { bytes: Uint8Array; name: string } | null, folder));
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await services.db.select().from(files)).toEqual([]);
  });

  it("rejects a file over 5 MB with 413 and a clear message, whether caught by size or by body limit", async () => {
    const justOver = new Uint8Array(5 * 1024 * 1024 + 1);
    justOver.set(PNG);
    const res = await upload(tenant.teacher, form({ bytes: justOver, name: "big.png" }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: "The file is too large. The maximum size is 5 MB", code: "FILE_TOO_LARGE", params: { max: "5 MB" }, errorCodes: { file: "FILE_MAX_SIZE" } });

    const huge = await upload(tenant.teacher, form({ bytes: new Uint8Array(7 * 1024 * 1024), name: "huge.png" }));
    expect(huge.status).toBe(413);
    expect(await services.db.select().from(files)).toEqual([]);
  });

  it("requires a session (401) and a teacher or owner (403 with the spec's text)", async () => {
    expect((await upload(null, form({ bytes: PNG, name: "a.png" }))).status).toBe(401);
    const asStudent = await upload(tenant.student, form({ bytes: PNG, name: "a.png" }));
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toEqual({ code: "FORBIDDEN", message: FORBIDDEN });
    const forged = await app.request("/files/upload", { method: "POST", body: form({ bytes: PNG, name: "a.png" }), headers: { authorization: "Bearer x.y.z" } });
    expect(forged.status).toBe(401);
  });
});

describe("GET /files/{key} (signed URL)", () => {
  async function uploaded() {
    const res = await upload(tenant.teacher, form({ bytes: PNG, name: "a.png" }));
    return (await res.json()) as { key: string; url: string };
  }

  it("needs no session and counts Cache-Control down to the expiry", async () => {
    const start = new Date("2026-05-01T08:00:00Z");
    services.now = () => start;
    const { url } = await uploaded();
    services.now = () => new Date(start.getTime() + 600_000);
    const res = await fetchSigned(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=3000");
  });

  it("refuses an expired link with 403", async () => {
    const start = new Date("2026-05-01T08:00:00Z");
    services.now = () => start;
    const { url } = await uploaded();
    services.now = () => new Date(start.getTime() + 3600_000);
    const res = await fetchSigned(url);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "FORBIDDEN", message: "This file link has expired or is invalid" });
  });

  it("refuses a forged signature, an extended expiry, another key, and a missing signature", async () => {
    const { key, url } = await uploaded();
    const other = (await (await upload(tenant.teacher, form({ bytes: PNG, name: "b.png" }))).json()) as { key: string };
    const attempts = [
      withQuery(url, (q) => q.set("signature", "A".repeat(43))),
      withQuery(url, (q) => q.set("expires", String(Number(q.get("expires")) + 86400))),
      withQuery(url, (q) => q.delete("signature")),
      withQuery(url, (q) => q.delete("expires")),
      url.replace(key, other.key),
      url.replace(key, `${key.split("/").slice(0, 2).join("/")}/..%2F..%2Fx`),
    ];
    for (const attempt of attempts) {
      const res = await fetchSigned(attempt);
      expect(res.status, attempt).toBe(403);
    }
  });

  it("answers 404 when the signed file is no longer stored", async () => {
    const { key, url } = await uploaded();
    await services.blobs.delete(key);
    const res = await fetchSigned(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "The requested file is not found" });
  });
});

describe("POST /files/sign", () => {
  const sign = async (user: Parameters<typeof bearer>[1] | null, body: unknown) =>
    app.request("/files/sign", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", ...(user ? await bearer(services, user) : {}) },
    });

  it("re-signs a file of the caller's business with a fresh expiry", async () => {
    const start = new Date("2026-05-01T08:00:00Z");
    services.now = () => start;
    const { key } = (await (await upload(tenant.teacher, form({ bytes: PNG, name: "a.png" }))).json()) as { key: string };
    services.now = () => new Date(start.getTime() + 7200_000);
    const res = await sign(tenant.owner, { key });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { key: string; url: string };
    expect(body.key).toBe(key);
    expect(new URL(body.url, "http://x").searchParams.get("expires")).toBe(String(start.getTime() / 1000 + 7200 + 3600));
    expect((await fetchSigned(body.url)).status).toBe(200);
  });

  it("answers 404 for another business's file and for an unknown key", async () => {
    const { key } = (await (await upload(otherTenant.teacher, form({ bytes: PNG, name: "a.png" }))).json()) as { key: string };
    const res = await sign(tenant.teacher, { key });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "NOT_FOUND", message: "The requested file is not found" });
    expect((await sign(tenant.teacher, { key: "question-images/1/nothing.png" })).status).toBe(404);
  });

  it("validates the body and guards the caller", async () => {
    const empty = await sign(tenant.teacher, { key: "" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: "key is required", errors: { key: "key is required" } });
    expect((await sign(null, { key: "a" })).status).toBe(401);
    const asStudent = await sign(tenant.student, { key: "a" });
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toEqual({ code: "FORBIDDEN", message: FORBIDDEN });
  });
});

describe("OpenAPI document", () => {
  it("lists upload, sign and the signed read route", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/files/upload", "/files/sign", "/files/{key}"]));
    expect(doc.paths["/files/upload"].post).toBeDefined();
    expect(doc.paths["/files/{key}"].get).toBeDefined();
  });
});

describe("upload rate and quotas (issue 14 point 6)", () => {
  /** Rows as earlier uploads leave them (the blobs do not matter to the quota). */
  async function alreadyStored(user: { id: number; businessId: number }, size: number, count = 1) {
    const rows = Array.from({ length: count }, (_, i) => ({ key: `question-images/${user.businessId}/old-${user.id}-${i}-${size}`, businessId: user.businessId, uploadedBy: user.id, contentType: "image/png", size, createdAt: new Date() }));
    await services.db.insert(files).values(rows);
  }
  const png = () => form({ bytes: PNG, name: "photo.png" });

  it("refuses the 121st upload of an hour with a 429 and Retry-After; an hour later, and another teacher, upload as usual", async () => {
    const headers = await bearer(services, tenant.teacher);
    for (let i = 0; i < UPLOAD_LIMITS.perHour; i++) expect((await app.request("/files/upload", { method: "POST", body: png(), headers })).status).toBe(201);
    const refused = await app.request("/files/upload", { method: "POST", body: png(), headers });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.message).toMatch(/^Too many uploads\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The wait travels as a value: the page says it in its own words (ADR 0061).
    expect(body).toMatchObject({ code: "TOO_MANY_UPLOADS", params: { minutes: Math.ceil(Number(refused.headers.get("retry-after")) / 60) } });
    expect(await services.db.select().from(files).where(eq(files.uploadedBy, tenant.teacher.id))).toHaveLength(UPLOAD_LIMITS.perHour);

    expect((await upload(tenant.owner, png())).status).toBe(201);
    const later = new Date(Date.now() + 60 * 60 * 1000 + 1000);
    services.now = () => later;
    expect((await upload(tenant.teacher, png())).status).toBe(201);
  }, 60_000);

  it("refuses a file that would take an account past 2 GB with a 413 in the error envelope, storing nothing; others of the school still upload", async () => {
    await alreadyStored(tenant.teacher, UPLOAD_LIMITS.accountBytes - 10);
    const refused = await upload(tenant.teacher, png());
    expect(refused.status).toBe(413);
    const quota = "Your uploaded files have reached the limit of 2 GB per account";
    expect(await refused.json()).toEqual({
      code: "UPLOAD_ACCOUNT_QUOTA",
      params: { max: "2 GB" },
      message: quota,
      errors: { file: quota },
      errorCodes: { file: "UPLOAD_ACCOUNT_QUOTA" },
      errorParams: { file: { max: "2 GB" } },
    });
    expect(await services.db.select().from(files).where(eq(files.uploadedBy, tenant.teacher.id))).toHaveLength(1);
    expect((await upload(tenant.owner, png())).status).toBe(201);
  });

  it("refuses a file that would take a business past 20 GB; another business is not affected", async () => {
    await alreadyStored(tenant.owner, UPLOAD_LIMITS.businessBytes / 10, 10);
    const refused = await upload(tenant.teacher, png());
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: "UPLOAD_BUSINESS_QUOTA", params: { max: "20 GB" }, message: "The uploaded files of your school have reached the limit of 20 GB" });
    expect((await upload(otherTenant.teacher, png())).status).toBe(201);
  });
});
