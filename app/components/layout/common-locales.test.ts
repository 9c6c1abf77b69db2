import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadMessages } from "../../../locales/messages.node";

const root = path.resolve(import.meta.dirname, "../../..");

// Completeness in every language is checked for all namespaces in locales/locales.test.ts.
const messages = loadMessages("common");
const loaded = new Map<string, ReturnType<typeof loadMessages>>([["common", messages]]);
function namespaceMessages(namespace: string): ReturnType<typeof loadMessages> {
  if (!loaded.has(namespace)) loaded.set(namespace, loadMessages(namespace));
  return loaded.get(namespace)!;
}

/** Source files of the shell whose `t("...")` keys must exist in common.json. */
function shellSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) files.push(full);
    }
  };
  for (const dir of ["app/components/layout", "app/routes/app", "app/routes/student", "app/routes/teacher", "app/routes/admin", "app/routes/error"]) {
    walk(path.join(root, dir));
  }
  return files;
}

describe("locales/*/common.json", () => {
  it("keeps the specification's English texts verbatim", () => {
    expect(messages.en["header.switchToTeacher"]).toBe("Switch to Teacher");
    expect(messages.en["header.switchToStudent"]).toBe("Switch to Student");
    expect(messages.en["session.expiredTitle"]).toBe("Session expired");
    expect(messages.en["session.expiredMessage"]).toBe("Your session has expired. Login again");
    expect(messages.en["errorPages.v1.title"]).toBe("OOPS! Something went wrong here");
    expect(messages.en["errorPages.v3.message"]).toBe("Sorry we can't seem to find the page you're looking for.");
    expect(messages.en["menu.paymentSettings"]).toBe("Payment Settings");
    expect(messages.en["list.noRecords"]).toBe("No records found");
    expect(messages.en["list.pleaseWait"]).toBe("Please wait...");
  });

  it("defines every key the shell's code asks for, in the namespace it asks in", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of shellSources()) {
      const source = readFileSync(file, "utf8");
      // A page may read another namespace first: useTranslation("bank") or (["bank", "common"]).
      const namespace = source.match(/useTranslation\(\s*\[?\s*"([\w-]+)"/)?.[1] ?? "common";
      const keys = [
        ...[...source.matchAll(/\bt\(\s*"([\w:.]+)"/g)].map((match) => match[1]),
        ...[...source.matchAll(/(?:titleKey|labelKey)[=:]\s*"([\w.:]+)"/g)].map((match) => (match[1].includes(":") ? match[1] : `common:${match[1]}`)),
      ];
      for (const key of keys) {
        const [ns, name] = key.includes(":") ? key.split(":") : [namespace, key];
        checked++;
        const en = namespaceMessages(ns).en;
        // i18next plurals: t("list.count", { count }) reads list.count_one / list.count_other.
        if (!(name in en) && !(`${name}_other` in en)) missing.push(`${path.relative(root, file)}: ${ns}:${name}`);
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it("has the dynamic keys (user types, outbox statuses, error page variants)", () => {
    for (const key of ["userTypes.Student", "userTypes.Teacher", "userTypes.Admin", "outbox.status.stored", "outbox.status.sent", "outbox.status.failed"]) {
      expect(messages.en[key], key).toBeTruthy();
    }
    for (const variant of ["v1", "v2", "v3"]) expect(messages.en[`errorPages.${variant}.documentTitle`]).toBeTruthy();
  });
});
