/** The encodings this server sends, best first (Brotli is ~15 % smaller than gzip on scripts). */
export type ContentCoding = "br" | "gzip";

/**
 * The coding to answer in, from the request's Accept-Encoding: Brotli, then gzip, else none
 * (identity). A client's explicit preference by q-value wins over ours; `q=0` refuses a
 * coding, and `*` stands for the ones it does not name (RFC 9110 §12.5.3).
 */
export function chooseContentCoding(acceptEncoding: string | null | undefined, available: readonly ContentCoding[] = ["br", "gzip"]): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: { coding: ContentCoding; weight: number } | null = null;
  for (const coding of available) {
    const weight = weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined) ?? weights.get("*") ?? 0;
    if (weight > 0 && (!best || weight > best.weight)) best = { coding, weight };
  }
  return best?.coding ?? null;
}

/** Adds Accept-Encoding to a Vary header unless it is there already (or is `*`). */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}
