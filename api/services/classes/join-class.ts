import { and, eq } from "drizzle-orm";
import { classes, classStudents } from "../../../db/schema";
import { addressThrottleKey } from "../auth/client-address";
import { rateLimit } from "../auth/rate-limit";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertMayJoinClass } from "../core/permissions";
import { say } from "../message-codes";
import { classEntities } from "./load-class";
import { JoinClassInput, type StudentClassEntity } from "./schemas";

const TEN_MINUTES = 10 * 60 * 1000;
/**
 * Join tries, counted right or wrong: a student joins a handful of classes in a term, so 20
 * in ten minutes is never met by one; a school behind one address (a whole year group joining
 * in one lesson) stays under 2,000. A guesser at those rates against 30^10 codes finds
 * nothing (docs/decisions/0075-classes.md works the numbers).
 */
export const JOIN_LIMITS = { perUser: 20, perAddress: 2000, windowMs: TEN_MINUTES } as const;

/**
 * POST /api/classes/join: a student of the school joins the class of a join code. A code of
 * no class, or of another school's class, is the same one refusal on the field.
 */
export async function joinClass(services: AppServices, caller: Caller, input: unknown, request: { clientAddress: string }): Promise<{ message: string; code: string; entity: StudentClassEntity }> {
  assertMayJoinClass(caller);
  const { joinCode } = JoinClassInput.parse(input);
  await rateLimit(services, [
    { key: `class-join:user:${caller.userId}`, limit: JOIN_LIMITS.perUser, windowMs: JOIN_LIMITS.windowMs },
    { key: `class-join:ip:${addressThrottleKey(request.clientAddress)}`, limit: JOIN_LIMITS.perAddress, windowMs: JOIN_LIMITS.windowMs },
  ]);
  const [row] = await services.db
    .select()
    .from(classes)
    .where(and(eq(classes.joinCode, joinCode), eq(classes.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new Invalid(say("CLASS_JOIN_CODE_UNKNOWN"), { joinCode: say("CLASS_JOIN_CODE_UNKNOWN") });
  const joined = await services.db
    .insert(classStudents)
    .values({ classId: row.id, userId: caller.userId, joinedBy: "joinCode", joinedAt: services.now() })
    .onConflictDoNothing()
    .returning({ userId: classStudents.userId });
  const [{ id, classId, name, code, teachers }] = await classEntities(services, [row]);
  return { ...say(joined.length ? "CLASS_JOINED" : "CLASS_ALREADY_JOINED"), entity: { id, classId, name, code, teachers } };
}
