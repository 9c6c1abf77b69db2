import { asc } from "drizzle-orm";
import { businesses } from "../../../db/schema/businesses";
import type { AppServices } from "../core/app-services";
import { Conflict } from "../core/errors";

/**
 * The business that self-service sign-ups join. A deployment is one school or company:
 * its owner runs `create-owner` first, and that first business (the lowest id) is where
 * new students and teachers belong. Further businesses, if an operator adds them, are
 * reached only through owner-created accounts, never by signing up.
 */
export async function deploymentBusinessId(services: AppServices): Promise<number> {
  const [first] = await services.db.select({ id: businesses.id }).from(businesses).orderBy(asc(businesses.id)).limit(1);
  if (!first) throw new Conflict("Registration is closed until the owner account is created");
  return first.id;
}
