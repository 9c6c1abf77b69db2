import { and, count, eq, sql } from "drizzle-orm";
import { tags } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { TagListQuery } from "./schemas";

/** Spec 7 `POST /api/tags`: the business's tags (editor suggestions, the bank's tag filter). */
export async function listTags(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: { id: number; name: string }[] }> {
  assertAuthor(caller);
  const { queryParams } = TagListQuery.parse(input);
  const search = queryParams.filter.name;
  const where = and(eq(tags.businessId, caller.businessId), search ? sql`instr(lower(${tags.name}), lower(${search})) > 0` : undefined);
  const { limit, offset } = pageWindow(queryParams);
  const [[{ total }], entities] = await services.db.batch([
    services.db.select({ total: count() }).from(tags).where(where),
    services.db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(where)
      .orderBy(...orderBy(queryParams, { name: sql`lower(${tags.name})` }, tags.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { totalCount: total, entities };
}
