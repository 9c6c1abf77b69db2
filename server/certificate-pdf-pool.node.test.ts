import { afterAll, describe, expect, it } from "vitest";
import { startCertificatePdfPool } from "./certificate-pdf-pool.node";
import { loopHoldsDuring } from "./test-support/loop-holds.node";

/** Issue 14 point 6: on Node a certificate PDF is made in a worker thread, away from the event loop. */
const pool = startCertificatePdfPool();
afterAll(() => pool.close());

const facts = (n: number) => ({
  studentName: `Zoë Łukasz-Nguyễn ${n}`,
  quizName: "Light and Lenses",
  percentage: 85.5,
  completedAt: new Date(Date.UTC(2026, 10, 23, 10)),
  issuer: "Riverside High",
  verifyUrl: `https://quiz.school.test/quiz/verify/code-${n}`,
});

describe("the certificate PDF thread", () => {
  it("makes the PDFs while the event loop keeps answering: no turn of it waits long", async () => {
    await pool.certificatePdf(facts(0), { language: "en" }); // the thread starts and reads its fonts
    const { result: pdfs, longest, elapsed } = await loopHoldsDuring(() => Promise.all([1, 2, 3, 4, 5].map((n) => pool.certificatePdf(facts(n), { language: n % 2 ? "ja" : "en" }))));
    for (const pdf of pdfs) expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    // Rendered on the loop, five PDFs hold it for about all of `elapsed` (seconds); in the thread
    // the loop only passes bytes. Relative, so a busy machine slowing both does not fail it.
    expect(longest).toBeLessThan(Math.max(150, elapsed / 4));
  }, 120_000);
});
