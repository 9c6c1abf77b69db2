import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBusiness, createTenant, createTestDb } from "../test-support/factories.node";
import { emailOutbox } from "../../db/schema";
import type { Db } from "../../db/client";
import { readConfig } from "../services/core/config";
import { createMailer } from "./mailer-factory";
import { createOutboxMailer } from "./mailer-outbox";
import { createPostmarkMailer } from "./mailer-postmark";
import { REDACTED } from "./redact-secrets";
import { requestPasswordReset } from "../services/auth/request-password-reset";
import type { AppServices } from "../services/core/app-services";

/**
 * A local stand-in for Postmark's `POST /email` endpoint, so the real `postmark` client is
 * exercised: URL, token header, JSON field names, and its error handling.
 */
let server: Server;
let apiUrl: string;
const received: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({ path: request.url ?? "", headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") });
    response.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let db: Db;
let businessId: number;
beforeEach(async () => {
  db = await createTestDb();
  businessId = (await createBusiness(db)).id;
  received.length = 0;
});

const email = () => ({
  businessId,
  to: "ana@school.test",
  subject: "Your result",
  html: "<p>You scored <b>90%</b></p>",
  text: "You scored 90%",
  tag: "student-result",
  secrets: [],
});
const rowById = async (id: number) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

describe("outbox mailer", () => {
  it("stores the message as 'stored' with provider 'outbox'", async () => {
    const at = new Date("2026-01-02T03:04:05Z");
    const { id } = await createOutboxMailer(db, "Quiz <no-reply@quiz.test>", () => at).send(email());
    expect(await rowById(id)).toMatchObject({
      businessId,
      to: "ana@school.test",
      from: "Quiz <no-reply@quiz.test>",
      subject: "Your result",
      html: "<p>You scored <b>90%</b></p>",
      text: "You scored 90%",
      tag: "student-result",
      provider: "outbox",
      status: "stored",
      providerMessageId: null,
      sentAt: null,
      createdAt: at,
    });
  });

  it("stores system mail that belongs to no business", async () => {
    const { id } = await createOutboxMailer(db, "q@quiz.test").send({ ...email(), businessId: null });
    expect((await rowById(id)).businessId).toBeNull();
  });
});

describe("Postmark mailer (local stand-in for api.postmarkapp.com)", () => {
  const mailer = () => createPostmarkMailer(db, { serverToken: "server-token-123", apiUrl, from: "Quiz <no-reply@quiz.test>" });

  it("sends through POST /email with the token header and records 'sent' with the message id", async () => {
    reply = { status: 200, body: { To: "ana@school.test", SubmittedAt: "2026-01-01T00:00:00Z", MessageID: "pm-42", ErrorCode: 0, Message: "OK" } };
    const { id } = await mailer().send(email());

    expect(received).toHaveLength(1);
    expect(received[0].path).toBe("/email");
    expect(received[0].headers["x-postmark-server-token"]).toBe("server-token-123");
    expect(received[0].body).toMatchObject({
      From: "Quiz <no-reply@quiz.test>",
      To: "ana@school.test",
      Subject: "Your result",
      HtmlBody: "<p>You scored <b>90%</b></p>",
      TextBody: "You scored 90%",
      Tag: "student-result",
    });
    expect(await rowById(id)).toMatchObject({ provider: "postmark", status: "sent", providerMessageId: "pm-42", error: null });
    expect((await rowById(id)).sentAt).toBeInstanceOf(Date);
    expect(received[0].body.ReplyTo).toBeUndefined();
  });

  it("passes a reply address to Postmark (a teacher's mail to a student is answered to the teacher)", async () => {
    reply = { status: 200, body: { To: "ana@school.test", SubmittedAt: "2026-01-01T00:00:00Z", MessageID: "pm-43", ErrorCode: 0, Message: "OK" } };
    await mailer().send({ ...email(), replyTo: "teacher@school.test" });
    expect(received[0].body).toMatchObject({ To: "ana@school.test", ReplyTo: "teacher@school.test" });
  });

  it("records a rejected message as 'failed' with the provider's error, without throwing", async () => {
    reply = { status: 422, body: { ErrorCode: 300, Message: "Invalid 'To' address: 'nobody'." } };
    const { id } = await mailer().send({ ...email(), to: "nobody" });
    const row = await rowById(id);
    expect(row).toMatchObject({ provider: "postmark", status: "failed", providerMessageId: null, sentAt: null });
    expect(row.error).toContain("Invalid 'To' address");
  });

  it("records an unreachable provider as 'failed'", async () => {
    const unreachable = createPostmarkMailer(db, { serverToken: "t", apiUrl: "http://127.0.0.1:9", from: "q@quiz.test" });
    const { id } = await unreachable.send(email());
    expect((await rowById(id)).status).toBe("failed");
  });
});

describe("createMailer", () => {
  it("uses Postmark when a server token is configured, else the outbox", async () => {
    reply = { status: 200, body: { MessageID: "pm-7", ErrorCode: 0, Message: "OK", SubmittedAt: "", To: "" } };
    const withToken = readConfig({ JWT_SECRET: "x".repeat(32), POSTMARK_SERVER_TOKEN: "tok", POSTMARK_API_URL: apiUrl });
    const sent = await createMailer(db, withToken).send(email());
    expect((await rowById(sent.id)).provider).toBe("postmark");

    const withoutToken = readConfig({ JWT_SECRET: "x".repeat(32) });
    const stored = await createMailer(db, withoutToken).send(email());
    expect((await rowById(stored.id)).provider).toBe("outbox");
    expect(received).toHaveLength(1);
  });
});

describe("secret links in the outbox", () => {
  const link = "https://quiz.test/quiz/auth/reset-password/s3cret-Token_value?a=1&b=2";
  const withSecret = () => ({
    ...email(),
    tag: "password-reset",
    text: `Open ${link} to choose a password.`,
    html: `<p><a href="${link.replace(/&/g, "&#38;")}">Choose</a> or copy ${link.replace(/&/g, "&amp;")}</p>`,
    secrets: [link],
  });

  it("are removed from the stored copy when Postmark delivers the message, which gets them whole", async () => {
    reply = { status: 200, body: { MessageID: "pm-9", ErrorCode: 0, Message: "OK", SubmittedAt: "", To: "" } };
    const mailer = createPostmarkMailer(db, { serverToken: "t", apiUrl, from: "q@quiz.test" });
    const { id } = await mailer.send(withSecret());

    expect(received[0].body.TextBody).toContain(link);
    expect(received[0].body.HtmlBody).toContain("s3cret-Token_value");
    const row = await rowById(id);
    expect(row.secretsRedacted).toBe(true);
    expect(row.status).toBe("sent");
    for (const body of [row.text, row.html]) {
      expect(body).not.toContain("s3cret-Token_value");
      expect(body).toContain(REDACTED);
    }
    expect(row.text).toBe(`Open ${REDACTED} to choose a password.`);
  });

  it("are removed even when the provider fails", async () => {
    reply = { status: 500, body: { ErrorCode: 500, Message: "down" } };
    const mailer = createPostmarkMailer(db, { serverToken: "t", apiUrl, from: "q@quiz.test" });
    const row = await rowById((await mailer.send(withSecret())).id);
    expect(row.status).toBe("failed");
    expect(row.text).not.toContain("s3cret");
  });

  it("are kept when the outbox is the delivery itself (no provider)", async () => {
    const row = await rowById((await createOutboxMailer(db, "q@quiz.test").send(withSecret())).id);
    expect(row.secretsRedacted).toBe(false);
    expect(row.text).toContain(link);
  });

  it("the password reset mail names its link as the secret", async () => {
    reply = { status: 200, body: { MessageID: "pm-10", ErrorCode: 0, Message: "OK", SubmittedAt: "", To: "" } };
    const tenant = await createTenant(db, "Reset School");
    const config = readConfig({ JWT_SECRET: "x".repeat(32), POSTMARK_SERVER_TOKEN: "tok", POSTMARK_API_URL: apiUrl });
    const services = { db, config, mailer: createMailer(db, config), now: () => new Date() } as unknown as AppServices;
    await requestPasswordReset(services, { email: tenant.student.email }, { clientAddress: "203.0.113.9" });

    const sentText = String(received.at(-1)?.body.TextBody);
    const token = sentText.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.tag, "password-reset"));
    expect(row.secretsRedacted).toBe(true);
    expect(row.text + row.html).not.toContain(token);
  });
});
