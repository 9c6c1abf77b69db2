import { z } from "zod";

/**
 * Zod compiles object parsers with `new Function` unless told not to, and its probe for that
 * is an eval that the Content-Security-Policy (no 'unsafe-eval') blocks and reports, even
 * though zod catches it. Jitless parsing needs no eval; the forms' schemas are small.
 */
z.config({ jitless: true });
