/**
 * Just enough IP address handling for the client address (client-address.ts): parsing IPv4
 * and IPv6 text, a canonical text form, and matching against CIDR ranges. Every address is
 * held as 16 bytes, IPv4 as IPv4-mapped IPv6 (::ffff:a.b.c.d), so one matcher serves both
 * families and Node's dual-stack socket addresses (`::ffff:127.0.0.1`) compare equal to
 * their IPv4 form. Web-standard code only: it runs on Workers too.
 */
export interface IpAddress {
  bytes: Uint8Array;
  /** An IPv4 address (possibly written IPv4-mapped). */
  v4: boolean;
}

export interface IpRange {
  base: Uint8Array;
  /** Leading bits that must match, counted over the 16-byte form. */
  prefixBits: number;
}

const V4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function parseV4Bytes(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

function parseV6Bytes(text: string): number[] | null {
  let rest = text;
  let tail: number[] = [];
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for the last two groups.
  const lastColon = rest.lastIndexOf(":");
  if (rest.includes(".", lastColon)) {
    const v4 = parseV4Bytes(rest.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    rest = rest.slice(0, lastColon + 1);
    if (!rest.endsWith("::")) rest = rest.slice(0, -1);
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]);
  const back = halves.length === 2 ? groupsOf(halves[1]) : [];
  if (![...head, ...back].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  const groupCount = 8 - tail.length / 2;
  const given = head.length + back.length;
  if (halves.length === 2 ? given >= groupCount : given !== groupCount) return null;
  const groups = [...head, ...Array(groupCount - given).fill("0"), ...back].map((group) => parseInt(group, 16));
  return [...groups.flatMap((group) => [group >> 8, group & 0xff]), ...tail];
}

/** Parses an address as proxies and sockets write it; null when it is not one. */
export function parseIp(input: string): IpAddress | null {
  let text = input.trim();
  // "[v6]:port", "v4:port" (some proxies add the client's port) and IPv6 zone ids.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(":"));
  text = text.replace(/%[\w.-]+$/, "");
  if (!text || text.length > 64) return null;

  const v4 = parseV4Bytes(text);
  if (v4) return { bytes: Uint8Array.from([...V4_MAPPED_PREFIX, ...v4]), v4: true };
  if (!text.includes(":")) return null;
  const v6 = parseV6Bytes(text);
  if (!v6) return null;
  const bytes = Uint8Array.from(v6);
  return { bytes, v4: V4_MAPPED_PREFIX.every((byte, index) => bytes[index] === byte) };
}

/** Canonical text: dotted IPv4, or RFC 5952 IPv6 (lower case, longest zero run as "::"). */
export function formatIp(address: IpAddress): string {
  const { bytes } = address;
  if (address.v4) return Array.from(bytes.slice(12)).join(".");
  const groups = Array.from({ length: 8 }, (_, index) => (bytes[index * 2] << 8) | bytes[index * 2 + 1]);
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/** "10.0.0.0/8", "2001:db8::/32" or a single address; null when malformed. */
export function parseIpRange(input: string): IpRange | null {
  const [addressText, bitsText, ...extra] = input.trim().split("/");
  if (extra.length) return null;
  const address = parseIp(addressText);
  if (!address) return null;
  const familyBits = address.v4 ? 32 : 128;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  const bits = bitsText === undefined ? familyBits : Number(bitsText);
  if (bits > familyBits) return null;
  return { base: address.bytes, prefixBits: address.v4 ? 96 + bits : bits };
}

export function ipInRange(address: IpAddress, range: IpRange): boolean {
  const fullBytes = Math.floor(range.prefixBits / 8);
  for (let index = 0; index < fullBytes; index++) if (address.bytes[index] !== range.base[index]) return false;
  const remainingBits = range.prefixBits % 8;
  if (remainingBits === 0) return true;
  const mask = (0xff << (8 - remainingBits)) & 0xff;
  return (address.bytes[fullBytes] & mask) === (range.base[fullBytes] & mask);
}

/** The address with everything after the first `bits` bits zeroed (IPv6 /64 buckets). */
export function ipPrefix(address: IpAddress, bits: number): IpAddress {
  const bytes = address.bytes.slice();
  for (let bit = bits; bit < 128; bit++) bytes[bit >> 3] &= ~(0x80 >> (bit & 7));
  return { bytes, v4: address.v4 };
}
