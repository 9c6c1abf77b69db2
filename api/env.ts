import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppServices } from "./services/core/app-services";
import type { Caller } from "./services/core/caller";
import { invalidFromZod } from "./services/core/errors";

export interface ApiEnv {
  Variables: {
    services: AppServices;
    caller?: Caller;
  };
}

/**
 * A router for one resource. Validation failures throw, so the one `onError` of the API
 * formats every error (validation included) into the same envelope.
 */
export function newRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidFromZod(result.error);
    },
  });
}
