import { describe, expect, it } from "vitest";
import { readConfig } from "../core/config";
import type { AppServices } from "../core/app-services";
import { signFileUrl, verifyFileSignature } from "./signed-url";

function servicesAt(date: Date, secret = "s".repeat(32)): AppServices {
  return { config: readConfig({ JWT_SECRET: secret }), now: () => date } as AppServices;
}
const parse = (url: string) => {
  const parsed = new URL(url, "http://localhost");
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get("expires")!,
    signature: parsed.searchParams.get("signature")!,
  };
};
const t0 = new Date("2026-03-01T10:00:00Z");
const key = "question-images/4/1772359200000-abc-photo.png";

describe("signed file URLs", () => {
  it("point at /api/files/<key> and expire after fileUrlTtlSeconds (3600 s)", async () => {
    const url = parse(await signFileUrl(servicesAt(t0), key));
    expect(url.path).toBe(`/api/files/${key}`);
    expect(Number(url.expires)).toBe(t0.getTime() / 1000 + 3600);
    expect(url.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("verify until, and not at or after, the expiry", async () => {
    const { expires, signature } = parse(await signFileUrl(servicesAt(t0), key));
    expect(await verifyFileSignature(servicesAt(new Date(t0.getTime() + 3599_000)), key, expires, signature)).toBe(true);
    expect(await verifyFileSignature(servicesAt(new Date(t0.getTime() + 3600_000)), key, expires, signature)).toBe(false);
  });

  it("reject another key, a moved expiry, a forged or foreign-secret signature, and junk", async () => {
    const services = servicesAt(t0);
    const { expires, signature } = parse(await signFileUrl(services, key));
    expect(await verifyFileSignature(services, "question-images/5/other.png", expires, signature)).toBe(false);
    expect(await verifyFileSignature(services, key, String(Number(expires) + 86400), signature)).toBe(false);
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    expect(await verifyFileSignature(services, key, expires, flipped)).toBe(false);
    const foreign = parse(await signFileUrl(servicesAt(t0, "t".repeat(32)), key));
    expect(await verifyFileSignature(services, key, foreign.expires, foreign.signature)).toBe(false);
    for (const [e, s] of [[undefined, signature], [expires, undefined], ["1e12", signature], ["-1", signature], [expires, "***"], [expires, ""]]) {
      expect(await verifyFileSignature(services, key, e, s)).toBe(false);
    }
  });

  it("honours a custom ttl", async () => {
    const { expires } = parse(await signFileUrl(servicesAt(t0), key, 60));
    expect(Number(expires)).toBe(t0.getTime() / 1000 + 60);
  });
});
