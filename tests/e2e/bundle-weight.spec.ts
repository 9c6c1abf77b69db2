import { expect, test } from "@playwright/test";
import { clientFileText, EXAM_ROUTE, LOGIN_ROUTE, pageWeight } from "../../scripts/client-weight";
import { quizOf, startAllAtOnce } from "./exam-helpers";
import { createSchool, signIn } from "./school";

/**
 * Issue 8 item 9: the JavaScript the exam page and the login page make the browser download
 * before they run (scripts/client-weight.ts reads the client build the e2e server was just
 * started from). No browser here: the sizes come from the files, so the check is exact.
 * Issue 19's targets are 180 KB (exam) and 190 KB (login); the ceilings below are today's
 * weight with about 1 KB of room (171.7 and 169.0 KB), both under their targets
 * (docs/performance.md "Exam page weight" says what the weight is made of and what is left).
 * Raising one is a decision to write down there. Issue 26 raised the exam's to 174 KB (every
 * type's answer model and its lazy inputs, docs/performance.md), then to 176 KB (each formula named
 * by its words, ADR 0066; QuestionCard shared with the editor's preview, ADR 0067). Issue 25 raised the login's to 171 KB: it
 * now carries the auth pages' table of message codes beside the English map they replace.
 * Issue 27 raised both (exam 178, login 172 KB): the close date in the school's zone with the
 * reader's beside it on the take page, the sign-in's return to a join link (docs/performance.md).
 * Issue 29 raised the login's to 173 KB: the shared Form keeps its fields' errors until they are
 * typed in (form-errors.ts, ADR 0091), 1.4 KB on every page with a form (docs/performance.md).
 */
const KB = 1024;
const CEILINGS = { [EXAM_ROUTE]: 178 * KB, [LOGIN_ROUTE]: 173 * KB };

for (const [route, ceiling] of Object.entries(CEILINGS)) {
  test(`${route}: its scripts stay under ${ceiling / KB} KB gzipped`, () => {
    const weight = pageWeight(route);
    const listing = weight.files.map((file) => `${(file.gzip / KB).toFixed(1)} KB ${file.file}`).join("\n");
    expect(weight.gzip, `${(weight.gzip / KB).toFixed(1)} KB in ${weight.files.length} files:\n${listing}`).toBeLessThanOrEqual(ceiling);
  });
}

test("the browser bundle carries one language's messages per chunk, and the route chunks none", () => {
  const weight = pageWeight(EXAM_ROUTE);
  const messageChunks = weight.files.filter((file) => /\/messages-[a-z]{2}-/.test(file.file));
  // Exactly the one language the page is rendered in (the heaviest, as the weight counts it).
  expect(messageChunks).toHaveLength(1);
  // Every language's messages bundled into the root chunk was the old cost: ~97 KB.
  const root = weight.files.find((file) => /\/root-[\w-]+\.js$/.test(file.file));
  expect(root?.gzip ?? 0).toBeLessThan(10 * KB);
});

test("the exam page carries neither react-aria's focus scope nor the password field", () => {
  // Its radios are native (ui/NativeRadioGroup: react-aria's radio group walks the focusable
  // tree with FocusScope's code, ~4 KB); the quiz password's field comes only when a quiz has
  // one (TakeQuiz.tsx, ~3 KB).
  const files = pageWeight(EXAM_ROUTE).files.map(({ file }) => file);
  expect(files.filter((file) => /\/(FocusScope|PasswordField|RadioGroup)-[\w-]+\.js$/.test(file))).toEqual([]);
});

test("the exam and login pages carry no react-aria menu, popover or list code until the header's popups are wanted", () => {
  // react-aria-components' Dialog, Modal and DialogTrigger modules import Menu and Popover, and
  // with them the collection and selection code (~25 KB): the app's dialogs are built on
  // react-aria's hooks instead (app/components/ui/Modal.tsx), and the language menu and the
  // quick panel are loaded on first use (app/components/layout/use-lazy-popup.ts).
  for (const route of [EXAM_ROUTE, LOGIN_ROUTE]) {
    const carriers = pageWeight(route)
      .files.filter(({ file }) => /react-aria-(Menu|Popover|ListBox|Select)\b/.test(clientFileText(file)))
      .map(({ file }) => file);
    expect(carriers, route).toEqual([]);
  }
});

test("the exam page's scripts arrive Brotli-compressed, with Vary and a year's immutable cache", async ({ page, request }) => {
  // Issue 19 point 3: `npm start` sends the files compressed at build time (server/static-files.node.ts).
  const school = await createSchool("Compressed School");
  const quizId = await quizOf(request, school.teacher);
  // From the sign-in on: scripts fetched then are in the browser's cache when the exam page wants them.
  const scripts: { url: string; headers: Record<string, string> }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push({ url: new URL(response.url()).pathname, headers: await response.allHeaders() });
  });
  await signIn(page, school.student, /\/quiz\/student\/quizPool$/);
  await startAllAtOnce(page, quizId);
  await expect(page.getByRole("button", { name: "Finish", exact: true })).toBeVisible();

  // Every script of the page's route chain (what the weight counts) was among them.
  const fetched = new Set(scripts.map((script) => script.url));
  const required = pageWeight(EXAM_ROUTE).files.map((file) => file.file).filter((file) => !/\/messages-[a-z]{2}-/.test(file));
  expect(required.filter((file) => !fetched.has(file))).toEqual([]);
  for (const { url, headers } of scripts) {
    expect(headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
    // A few-hundred-byte chunk may not shrink; everything else comes as Brotli.
    if (clientFileText(url).length > 1024) {
      expect(headers["content-encoding"], url).toBe("br");
      expect(headers["vary"], url).toMatch(/accept-encoding/i);
    }
  }
});
