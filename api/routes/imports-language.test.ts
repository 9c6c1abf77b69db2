import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createCategoryCourse } from "../test-support/factories.node";
import { emailOutbox } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { CSV_COLUMNS } from "../services/imports/parse-csv";
import { bearer } from "../test-support/test-app.node";
import { importFile as importThrough } from "../test-support/import-file.node";
import { MATHS_ALGEBRA } from "../test-support/request-bodies";
import { createTestBed, type TestApi, type Tenant } from "../test-support/test-bed.node";

/**
 * The import summary is said in the teacher's language: the `lang` cookie of the page they
 * imported from, else their browser's Accept-Language, else English (decision 0018).
 */
let services: AppServices;
let app: TestApi;
let tenant: Tenant;

beforeEach(async () => {
  ({ services, app, tenant } = await createTestBed("Sprachschule"));
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
});

async function importFile(path: "/csvquestion" | "/giftquestion", content: string, name: string, language: Record<string, string>) {
  const res = await importThrough({ app, auth: await bearer(services, tenant.teacher) }, path, content, { name, bank: MATHS_ALGEBRA, headers: language });
  expect(res.status).toBe(202);
  const [mail] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, "question-import")).orderBy(asc(emailOutbox.id));
  return mail;
}

const cells = (values: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) =>
  CSV_COLUMNS.map((column) => values[column] ?? { questionText: "Was ist 2 + 2?", optionType: "radio", option1: "3", option2: "4", correct: "2", category: "Maths", course: "Algebra", answerExplaination: "Vier." }[column as string] ?? "").join(",");
const csv = [
  CSV_COLUMNS.join(","),
  cells({}),
  cells({ questionText: "" }),
  cells({ questionText: "Zwei richtige?", correct: "1;2" }),
  cells({ questionText: "Unbekannt?", category: "Geschichte" }),
  cells({ questionText: "Zu weit?", correct: "9" }),
  '"Kaputt,radio,1,2,,,,1,Maths,Algebra,,x',
].join("\n");

describe("the import summary's language", () => {
  it("is German for a German teacher (lang cookie), with every rejected row by number and reason", async () => {
    const mail = await importFile("/csvquestion", csv, "fragen.csv", { cookie: "lang=de", "accept-language": "en-GB,en" });
    expect(mail.subject).toBe("Fragenimport (CSV): 1 importiert, 5 abgelehnt");
    expect(mail.text).toContain(`Hallo ${tenant.teacher.fullname},`);
    expect(mail.text).toContain("Ihr Import von fragen.csv ist abgeschlossen.");
    expect(mail.text).toContain("Importiert: 1");
    expect(mail.text).toContain("Übersprungen, weil schon im Fragenpool: 0");
    expect(mail.text).toContain("Zeile 3: Der Fragetext ist erforderlich (questionText)");
    expect(mail.text).toContain("Zeile 4: Keine richtige Antwort markiert: Markieren Sie genau eine Antwortmöglichkeit als richtig (correct)");
    expect(mail.text).toContain("Zeile 5: Diese Kategorie existiert nicht. Bitte legen Sie sie zuerst an");
    expect(mail.text).toContain("Zeile 6: correct muss Nummern von Antwortmöglichkeiten zwischen 1 und 2 enthalten");
    expect(mail.text).toContain("Zeile 7: Fehlerhafte Anführungszeichen");
    expect(mail.html).toContain("<li>Zeile 3: Der Fragetext ist erforderlich (questionText)</li>");
    // Nothing of the English summary is left.
    expect(mail.text).not.toMatch(/Row \d|Imported|Rejected|is required|Option checks/);
  });

  it("follows the browser's Accept-Language without a cookie, and stays English for an unsupported one", async () => {
    const japanese = await importFile("/csvquestion", csv, "q.csv", { "accept-language": "ja-JP,ja;q=0.9,en;q=0.5" });
    expect(japanese.subject).toBe("問題のインポート（CSV）：1 件取り込み、5 件却下");
    expect(japanese.text).toContain("3 行目：問題文は必須です（questionText）");

    await services.db.delete(emailOutbox);
    const unsupported = await importFile("/csvquestion", csv.replace(/Was ist/g, "Wie viel ist"), "q.csv", { "accept-language": "pt-BR" });
    expect(unsupported.subject).toBe("Question import (CSV): 1 imported, 5 rejected");
    expect(unsupported.text).toContain("Row 3: Question text is required (questionText)");
  });

  it("says a GIFT summary in French, the parser's own syntax detail kept as it is", async () => {
    const gift = ["Combien font 2 + 2 ? {=4 ~3}", "", "Rien qu'une description.", "", "Cassé { =x ~"].join("\n");
    const mail = await importFile("/giftquestion", gift, "banque.gift", { cookie: "theme=dark; lang=fr" });
    expect(mail.subject).toBe("Import de questions (GIFT) : 1 importées, 2 refusées");
    expect(mail.text).toContain("Question 2 : une description (texte sans bloc de réponses) n'est pas une question (ligne 3)");
    expect(mail.text).toMatch(/Question 3 : Erreur de syntaxe GIFT à la ligne 5 : \S/);
  });
});
