import { carriesSecret, forbidsTransform } from "./secret-answers";

type Fetch = (request: Request) => Response | Promise<Response>;

/** The Cache-Control directive Deno.serve's automatic compression steps aside for (as any proxy must). */
const NO_TRANSFORM = "no-transform";

/**
 * Deno.serve compresses answers itself once asked (`automaticCompression: true`; off by default
 * in Deno 2.9, denoland/deno#35486), but it has no notion of a secret: it compresses an answer that sets a cookie
 * as readily as a page. What it does honour is `Cache-Control: no-transform` (also
 * `Content-Encoding` and `Content-Range`). So every answer that carries a secret (the same rule
 * as Node's compress-responses.node.ts, server/secret-answers.ts) gets `no-transform` added
 * here, on Deno only, and goes out as it is; everything else is compressed as on Node.
 * BREACH: docs/decisions/0052-compressed-assets-and-page-namespaces.md.
 */
export function withSecretsUncompressed(fetch: Fetch): Fetch {
  return async (request) => {
    const response = await fetch(request);
    if (!carriesSecret(new URL(request.url).pathname, response.headers) || forbidsTransform(response.headers)) return response;
    const cacheControl = response.headers.get("Cache-Control");
    const value = cacheControl ? `${cacheControl}, ${NO_TRANSFORM}` : NO_TRANSFORM;
    try {
      response.headers.set("Cache-Control", value);
      return response;
    } catch {
      // A redirect or fetched Response has immutable headers: copy it.
      const copy = new Response(response.body, response);
      copy.headers.set("Cache-Control", value);
      return copy;
    }
  };
}
