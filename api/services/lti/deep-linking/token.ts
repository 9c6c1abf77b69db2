/** A picker token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newPickerToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function pickerTokenHash(token: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token))));
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A token as the picker's address carries it: refused before any query when it cannot be one of ours. */
export const isPickerTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
