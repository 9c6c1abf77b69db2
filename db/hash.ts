/**
 * SHA-256 as lower-case hex, with Web Crypto so it runs on Node and Workers. Used for
 * secrets that are long random strings (API private keys, refresh and reset tokens):
 * they need no slow password hash, only a one-way digest so that the database holds no
 * usable secret.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
