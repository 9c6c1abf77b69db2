// First: jitless before any schema is built (zod probes for eval when it builds an object schema).
import "./zod-config";
import { z } from "zod";

/**
 * The browser's @hono/zod-openapi (client-bundle.config.ts): the same zod, whose schemas the
 * forms validate with, and an `.openapi()` that describes nothing and returns the schema, so
 * a shared schema module that names its fields for the API document still loads here.
 */
const prototype = z.ZodType.prototype as unknown as { openapi?: (this: unknown) => unknown };
prototype.openapi ??= function openapi(this: unknown) {
  return this;
};

export { z };
