import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertOwner } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { UserListQuery } from "./schemas";
import { toUserEntity, type UserEntity, userEntityColumns } from "./user-entity";

/** `%` and `_` typed by the owner are letters, not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The owner reads the business's accounts: every one, or the teacher requests waiting for a decision. */
export async function listUsers(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: UserEntity[] }> {
  assertOwner(caller);
  const { queryParams } = UserListQuery.parse(input);
  const { teacherRequest, search } = queryParams.filter;
  const conditions: SQL[] = [eq(users.businessId, caller.businessId)];
  if (teacherRequest) conditions.push(eq(users.teacherRequest, teacherRequest));
  if (search) {
    // SQLite's LIKE ignores the case of ASCII letters; e-mails are stored lower-case.
    const pattern = `%${literal(search)}%`;
    conditions.push(or(sql`${users.email} like ${pattern} escape '\\'`, sql`${users.fullname} like ${pattern} escape '\\'`) as SQL);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(queryParams);
  const [[{ total }], rows] = await services.db.batch([
    services.db.select({ total: count() }).from(users).where(where),
    services.db
      .select(userEntityColumns)
      .from(users)
      .where(where)
      .orderBy(
        ...orderBy(
          queryParams,
          { fullname: users.fullname, email: users.email, userType: users.userType, role_level: users.roleLevel, createdAt: users.createdAt },
          users.id,
        ),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { totalCount: total, entities: rows.map((row) => toUserEntity(caller, row)) };
}
