import { OWNER_PROFILE } from "../../../db/schema/businesses";
import type { Caller } from "../../env";
import { Forbidden } from "../../errors";

/**
 * Who may author (spec 6): a signed-in Teacher, or the business owner (profile 2), who runs
 * the admin area and may act on every quiz of the business. Students never: every
 * authoring verb starts with this check, so a student's token is refused on every door.
 */
export function isAuthor(caller: Caller): boolean {
  return caller.userType === "Teacher" || caller.profile === OWNER_PROFILE;
}

export function assertAuthor(caller: Caller): void {
  if (!isAuthor(caller)) throw new Forbidden();
}
