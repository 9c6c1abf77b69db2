import { describe, expect, it } from "vitest";
import { formatIp, ipInRange, ipPrefix, parseIp, parseIpRange } from "./ip-address";

const canonical = (text: string) => {
  const parsed = parseIp(text);
  return parsed ? formatIp(parsed) : null;
};

describe("parseIp / formatIp", () => {
  it("reads IPv4, IPv6, IPv4-mapped, ports, brackets and zone ids in canonical form", () => {
    expect(canonical("203.0.113.7")).toBe("203.0.113.7");
    expect(canonical(" 203.0.113.7:4711 ")).toBe("203.0.113.7");
    expect(canonical("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(canonical("::FFFF:7f00:1")).toBe("127.0.0.1");
    expect(canonical("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(canonical("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(canonical("fe80::1%eth0")).toBe("fe80::1");
    expect(canonical("::1")).toBe("::1");
    expect(canonical("::")).toBe("::");
    expect(canonical("1:0:0:2:0:0:0:3")).toBe("1:0:0:2::3");
    expect(canonical("64:ff9b::192.0.2.33")).toBe("64:ff9b::c000:221");
    expect(canonical("1:2:3:4:5:6:7:8")).toBe("1:2:3:4:5:6:7:8");
  });

  it("refuses what is not an address", () => {
    for (const text of ["", "unknown", "256.1.1.1", "1.2.3", "1.2.3.4.5", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "g::1", "1:2:3:4:5:6:7", "x-forwarded-for", "1.2.3.4, 5.6.7.8"]) {
      expect(parseIp(text), text).toBeNull();
    }
  });
});

describe("ranges", () => {
  const ip = (text: string) => parseIp(text)!;

  it("matches IPv4 and IPv6 CIDR ranges and single addresses", () => {
    expect(ipInRange(ip("10.1.2.3"), parseIpRange("10.0.0.0/8")!)).toBe(true);
    expect(ipInRange(ip("11.1.2.3"), parseIpRange("10.0.0.0/8")!)).toBe(false);
    expect(ipInRange(ip("172.31.255.255"), parseIpRange("172.16.0.0/12")!)).toBe(true);
    expect(ipInRange(ip("172.32.0.0"), parseIpRange("172.16.0.0/12")!)).toBe(false);
    expect(ipInRange(ip("::ffff:192.168.1.9"), parseIpRange("192.168.1.9")!)).toBe(true);
    expect(ipInRange(ip("192.168.1.10"), parseIpRange("192.168.1.9")!)).toBe(false);
    expect(ipInRange(ip("2001:db8:abcd::1"), parseIpRange("2001:db8::/32")!)).toBe(true);
    expect(ipInRange(ip("2001:db9::1"), parseIpRange("2001:db8::/32")!)).toBe(false);
    expect(ipInRange(ip("1.2.3.4"), parseIpRange("0.0.0.0/0")!)).toBe(true);
    // An IPv4 range never covers a native IPv6 address.
    expect(ipInRange(ip("2001:db8::1"), parseIpRange("0.0.0.0/0")!)).toBe(false);
  });

  it("refuses malformed ranges", () => {
    for (const text of ["10.0.0.0/33", "2001:db8::/129", "10.0.0.0/", "10.0.0.0/8/8", "nonsense/8", "10.0.0.0/a"]) {
      expect(parseIpRange(text), text).toBeNull();
    }
  });

  it("buckets an address by prefix", () => {
    expect(formatIp(ipPrefix(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), 64))).toBe("2001:db8:1:2::");
  });
});
