import { describe, expect, it } from "vitest";
import {
  addressThrottleKey,
  CLIENT_ADDRESS_HEADER,
  clientAddressOf,
  parseTrustedProxies,
  resolveClientAddress,
  stampClientAddress,
} from "./client-address";

describe("resolveClientAddress", () => {
  const proxies = parseTrustedProxies("10.0.0.0/8, 192.0.2.1");

  it("is the socket peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.7", "198.51.100.1", [])).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:203.0.113.7", null, [])).toBe("203.0.113.7");
    expect(resolveClientAddress("203.0.113.7", "198.51.100.1", proxies)).toBe("203.0.113.7");
  });

  it("walks X-Forwarded-For right to left past trusted proxies only", () => {
    expect(resolveClientAddress("10.0.0.5", "198.51.100.1", proxies)).toBe("198.51.100.1");
    // The client prepended a lie; the proxy appended what it saw.
    expect(resolveClientAddress("10.0.0.5", "1.1.1.1, 198.51.100.1", proxies)).toBe("198.51.100.1");
    // Two trusted hops (load balancer → reverse proxy → app).
    expect(resolveClientAddress("10.0.0.5", "1.1.1.1, 198.51.100.1, 192.0.2.1", proxies)).toBe("198.51.100.1");
    // Every hop trusted: the leftmost address the proxies reported.
    expect(resolveClientAddress("10.0.0.5", "10.9.9.9", proxies)).toBe("10.9.9.9");
  });

  it("keeps the proxy's own address when the proxy sent nothing usable", () => {
    expect(resolveClientAddress("10.0.0.5", null, proxies)).toBe("10.0.0.5");
    expect(resolveClientAddress("10.0.0.5", "garbage", proxies)).toBe("10.0.0.5");
  });

  it("is unknown without a peer address", () => {
    expect(resolveClientAddress(undefined, "198.51.100.1", proxies)).toBe("unknown");
  });
});

describe("parseTrustedProxies", () => {
  it("accepts an empty setting and refuses a malformed entry by name", () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies(" , ")).toEqual([]);
    expect(() => parseTrustedProxies("10.0.0.0/8, proxy.internal")).toThrow('TRUSTED_PROXIES: "proxy.internal" is not an IP address or CIDR range');
  });
});

describe("stampClientAddress / clientAddressOf", () => {
  it("replaces whatever the client sent in the internal header", async () => {
    const spoofed = new Request("http://localhost/api/auth/login", {
      method: "POST",
      headers: { [CLIENT_ADDRESS_HEADER]: "1.2.3.4", "content-type": "application/json" },
      body: JSON.stringify({ hello: "world" }),
    });
    const stamped = stampClientAddress(spoofed, "::ffff:203.0.113.7");
    expect(clientAddressOf(stamped.headers)).toBe("203.0.113.7");
    expect(stamped.headers.get("content-type")).toBe("application/json");
    expect(await stamped.json()).toEqual({ hello: "world" });
    const spoofedGet = new Request("http://localhost/quiz/auth/login", { headers: { [CLIENT_ADDRESS_HEADER]: "1.2.3.4" } });
    expect(clientAddressOf(stampClientAddress(spoofedGet, null).headers)).toBe("unknown");
  });

  it("reads a missing or malformed stamp as unknown", () => {
    expect(clientAddressOf(new Headers())).toBe("unknown");
    expect(clientAddressOf(new Headers({ [CLIENT_ADDRESS_HEADER]: "not an address" }))).toBe("unknown");
  });
});

describe("addressThrottleKey", () => {
  it("counts an IPv4 address alone and an IPv6 client by its /64", () => {
    expect(addressThrottleKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressThrottleKey("2001:db8:1:2::1")).toBe(addressThrottleKey("2001:db8:1:2:ffff::9"));
    expect(addressThrottleKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressThrottleKey("unknown")).toBe("unknown");
  });
});
