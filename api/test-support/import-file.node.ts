import { expect } from "vitest";
import type { AppServices } from "../services/core/app-services";
import { createCategoryCourse, createTenant } from "./factories.node";
import { MATHS_ALGEBRA } from "./request-bodies";
import { bearer, createTestApi, createTestServices } from "./test-app.node";
import type { Tenant, TestApi } from "./test-bed.node";

/** Where a GIFT file's questions go (the dialog's bank), and a CSV's when its rows name none. */
type Bank = { category: string; course: string };

/** What an import request needs: the API, its caller's headers and, where the test drains it, the request's background work. */
export interface Importer {
  app: TestApi;
  auth: Record<string, string>;
  background?: Parameters<TestApi["request"]>[3];
}

/**
 * A file imported as the bank's upload dialog sends it: uploaded through /files/upload (a 201
 * with its key is required), then POST /csvquestion, /giftquestion, /moodlexmlquestion or /qtiquestion (a ZIP's bytes) with that key and the bank
 * (a GIFT file's is Maths › Algebra unless told; a CSV sends one only when told, its rows name
 * theirs), with any further `headers` (a language) on the import request. The import's answer.
 */
export async function importFile(
  importer: Importer,
  path: "/csvquestion" | "/giftquestion" | "/moodlexmlquestion" | "/qtiquestion",
  content: string | Uint8Array<ArrayBuffer>,
  options: { name?: string; bank?: Bank; headers?: Record<string, string> } = {},
): Promise<Response> {
  const { app, auth, background } = importer;
  const csv = path === "/csvquestion";
  const { name = csv ? "questions.csv" : path === "/qtiquestion" ? "package.zip" : path === "/moodlexmlquestion" ? "bank.xml" : "bank.gift", bank = csv ? undefined : MATHS_ALGEBRA, headers = {} } = options;
  const form = new FormData();
  form.set("file", new File([content], name));
  form.set("folder", "csv-uploads");
  const uploaded = await app.request("/files/upload", { method: "POST", body: form, headers: auth });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const { key } = (await uploaded.json()) as { key: string };
  const init = { method: "POST", headers: { ...auth, "content-type": "application/json", ...headers }, body: JSON.stringify({ location: key, ...bank }) };
  return app.request(path, init, undefined, background);
}

/**
 * A fresh school whose teacher imports into `bank`, on services with the given parser (the
 * runtime's thread pool, as `npm start` installs it): the import tests' common set-up.
 */
export async function createImportBed(options: { parseImport?: AppServices["parseImport"]; school?: string; bank?: Bank } = {}) {
  const { parseImport, school = "Import School", bank = MATHS_ALGEBRA } = options;
  const services = await createTestServices(parseImport ? { parseImport } : {});
  const app = createTestApi(services);
  const tenant: Tenant = await createTenant(services.db, school);
  await createCategoryCourse(services.db, { businessId: tenant.business.id, ...bank });
  const auth = await bearer(services, tenant.teacher);
  return { services, app, tenant, auth };
}
