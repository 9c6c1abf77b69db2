import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { LANGUAGES, type Language } from "../../locales/languages";
import de from "../../locales/de/mail.json" with { type: "json" };
import en from "../../locales/en/mail.json" with { type: "json" };
import es from "../../locales/es/mail.json" with { type: "json" };
import fr from "../../locales/fr/mail.json" with { type: "json" };
import ja from "../../locales/ja/mail.json" with { type: "json" };
import zh from "../../locales/zh/mail.json" with { type: "json" };
import { bearer } from "../test-support/test-app.node";
import { eachTestBed } from "../test-support/test-bed.node";

/**
 * ADR 0075 "The invitation": a roster import's new student is invited in the language of the
 * page the teacher imported from (the account has none yet), from locales/<lang>/mail.json.
 */
const MAIL = { en, de, es, fr, ja, zh } as const;
const CODES = LANGUAGES.map(({ code }) => code);
const bed = eachTestBed("Polyglot School");

async function invitationIn(language: Language) {
  const made = await bed.post(bed.tenant.teacher, "/classes", { name: "Klasse 7b" });
  const email = `invited.${language}@school.test`;
  const location = await bed.upload(bed.tenant.teacher, `fullname,email\nNew Student,${email}\n`, "roster.csv");
  const res = await bed.app.request("/classes/import", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `lang=${language}`, ...(await bearer(bed.services, bed.tenant.teacher)) },
    body: JSON.stringify({ classId: made.body.entity.id, location }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  const [mail] = await bed.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  return mail;
}

describe("the class invitation e-mail", () => {
  it("has every text in all six languages, none of them left in English", () => {
    for (const language of CODES) {
      const texts = MAIL[language].classInvitation;
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(en.classInvitation).sort());
      if (language !== "en") for (const [key, text] of Object.entries(texts)) expect(text, `${language} ${key}`).not.toBe(en.classInvitation[key as keyof typeof en.classInvitation]);
    }
  });

  it.each(CODES)("is written in the importing teacher's page language (%s): subject, greeting, body and the link's words", async (language) => {
    const mail = await invitationIn(language);
    const texts = MAIL[language];
    expect(mail.subject).toBe(texts.classInvitation.subject);
    expect(mail.text).toContain(texts.email.hello.replace("{{name}}", "New Student"));
    expect(mail.text).toContain(texts.classInvitation.body.replace("{{className}}", "Klasse 7b"));
    expect(mail.text).toContain(texts.classInvitation.expiry);
    expect(mail.html).toContain(texts.classInvitation.choose);
    expect(mail.text).toMatch(/\/quiz\/auth\/reset-password\/\S+/);
    if (language !== "en") expect(mail.subject).not.toBe(en.classInvitation.subject);
  });
});
