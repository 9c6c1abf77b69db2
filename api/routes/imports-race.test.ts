import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createCategoryCourse } from "../test-support/factories.node";
import { emailOutbox, questions, questionTags, tags } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { SPEC_CSV_COLUMNS } from "../services/imports/parse-csv";
import { createRemoteLikeDb, rendezvous } from "../test-support/remote-like-db.node";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, type TestApi, type Tenant } from "../test-support/test-bed.node";

/**
 * Two imports of the same file at the same moment (a double click, two tabs): each reads the
 * bank before the other has written, so the read alone would let both store every question.
 * The write re-checks inside its own transaction (docs/decisions/0022-authoring-races.md).
 */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;
/** Armed just before the two imports: their first batches wait until both have read the bank. */
let meeting: (() => Promise<void>) | null;

beforeEach(async () => {
  meeting = null;
  ({ services, app, tenant } = await createTestBed("Race School", { db: await createRemoteLikeDb({ beforeBatch: () => meeting?.() ?? Promise.resolve() }) }));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
});

async function uploaded(content: string): Promise<string> {
  const body = new FormData();
  body.set("file", new File([content], "questions.csv"));
  body.set("folder", "csv-uploads");
  const res = await app.request("/files/upload", { method: "POST", body, headers: await bearer(services, tenant.teacher) });
  return ((await res.json()) as { key: string }).key;
}
const importKey = async (location: string) =>
  app.request("/csvquestion", { method: "POST", headers: { "content-type": "application/json", ...(await bearer(services, tenant.teacher)) }, body: JSON.stringify({ location }) });

const rows = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => [`Question ${from + i}?`, "radio", "3", "4", "", "", "", "2", "Maths", "Algebra", "race;Round", "Because."].join(","));

describe("two imports of the same file at once", () => {
  it("store each question once; the second summary counts the first's questions as already in the bank", async () => {
    const content = [SPEC_CSV_COLUMNS.join(","), ...rows(300)].join("\n");
    const [first, second] = [await uploaded(content), await uploaded(content)];
    meeting = rendezvous(2);
    const answers = await Promise.all([importKey(first), importKey(second)]);
    expect(answers.map((res) => res.status)).toEqual([202, 202]);

    const stored = await services.db.select({ text: questions.questionText }).from(questions).where(eq(questions.businessId, tenant.business.id));
    expect(stored).toHaveLength(300);
    expect(new Set(stored.map((q) => q.text)).size).toBe(300);
    const mails = await services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "question-import")).orderBy(asc(emailOutbox.id));
    expect(mails).toHaveLength(2);
    // Between them: every question imported once and skipped once.
    const counted = (label: string) => mails.reduce((sum, mail) => sum + Number(new RegExp(`${label}: (\\d+)`).exec(mail.text)![1]), 0);
    expect(counted("Imported")).toBe(300);
    expect(counted("Skipped as already in the bank")).toBe(300);
  });

  it("still import what only one of them has", async () => {
    const header = SPEC_CSV_COLUMNS.join(",");
    const [a, b] = [await uploaded([header, ...rows(50, 1)].join("\n")), await uploaded([header, ...rows(50, 1), ...rows(25, 51)].join("\n"))];
    meeting = rendezvous(2);
    await Promise.all([importKey(a), importKey(b)]);
    const stored = await services.db.select({ text: questions.questionText }).from(questions).orderBy(asc(questions.id));
    expect(new Set(stored.map((q) => q.text)).size).toBe(75);
    expect(stored).toHaveLength(75);
    // A batch tried again after the guard keeps its tags: every question has both.
    expect(await services.db.select().from(questionTags)).toHaveLength(150);
    expect((await services.db.select({ name: tags.name }).from(tags)).map((tag) => tag.name).sort()).toEqual(["Round", "race"]);
  });
});
