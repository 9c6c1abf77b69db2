import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { AppError } from "../errors";

/** JSON bodies of this API are small; anything bigger is refused before it is read. */
export const MAX_JSON_BYTES = 1024 * 1024;

const jsonLimit = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: () => {
    throw new AppError(413, "The request is too large");
  },
});

/** Every route except file uploads, which enforce their own (larger) limit. */
export const limitBodySize = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.req.path.endsWith("/files/upload")) return next();
  return jsonLimit(c, next);
});
