import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { ltiContexts, ltiPlatforms, ltiResourceLinks, ltiUsers, quizAttempts } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertMayManageLtiGrades } from "../../core/permissions";
import { loadQuiz } from "../../quizzes/quiz-queries";
import { type LmsFailureReason, LmsCallFailed, platformFetch } from "../platform-fetch";
import { NRPS_SCOPE, serviceToken } from "../service-token";
import { ToolKeysUnavailable } from "../tool-keys";

/**
 * The LMS class of a quiz (issue 29 point 5; Names and Role Provisioning Services 2.0): the
 * members of each course the quiz is placed in, read from the context's memberships URL with
 * the contextmembership scope, page after page by the Link header's rel="next" (same host,
 * at most MAX_PAGES pages), with who among the learners has not yet handed in an attempt.
 * Read when the teacher asks, never stored: the LMS is the roster's owner. An LMS that fails
 * is a reason code on that course, never an error of the page.
 */

export const MEMBERSHIP_MEDIA_TYPE = "application/vnd.ims.lti-nrps.v2.membershipcontainer+json";
export const MAX_PAGES = 20;
export const MAX_MEMBERS = 5000;
const LEARNER = /(^|#|\/)Learner$/;

const Member = z.object({
  user_id: z.string().min(1).max(255),
  status: z.string().max(40).optional(),
  name: z.string().max(300).optional(),
  given_name: z.string().max(300).optional(),
  family_name: z.string().max(300).optional(),
  email: z.string().max(320).optional(),
  roles: z.array(z.string().max(300)).max(50).default([]),
});
const Container = z.object({ members: z.array(z.unknown()).max(MAX_MEMBERS) });

export interface RosterMember {
  sub: string;
  name: string | null;
  email: string | null;
  /** A learner of the course who has handed in no attempt of the quiz. */
  notTaken: boolean;
}

export interface CourseRoster {
  contextRowId: number;
  title: string | null;
  learners: RosterMember[];
  /** More members than the pages read hold (MAX_PAGES, MAX_MEMBERS). */
  truncated: boolean;
  error: LmsFailureReason | null;
}

/** The quiz's courses with a memberships URL, on enabled platforms of the caller's business. */
async function coursesOf(services: AppServices, businessId: number, quizId: number) {
  return services.db
    .selectDistinct({ contextRowId: ltiContexts.id, title: ltiContexts.title, membershipsUrl: ltiContexts.membershipsUrl, platform: ltiPlatforms })
    .from(ltiResourceLinks)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.contextRowId))
    .innerJoin(ltiPlatforms, and(eq(ltiPlatforms.id, ltiResourceLinks.platformId), eq(ltiPlatforms.businessId, businessId), eq(ltiPlatforms.enabled, true)))
    .where(and(eq(ltiResourceLinks.quizId, quizId), isNotNull(ltiContexts.membershipsUrl)));
}

/** Whether the quiz has an LMS course whose roster may be read (the stats page offers the roster then). */
export async function hasLmsRoster(services: AppServices, businessId: number, quizId: number): Promise<boolean> {
  return (await coursesOf(services, businessId, quizId)).length > 0;
}

export async function lmsRoster(services: AppServices, caller: Caller, quizId: number): Promise<CourseRoster[]> {
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayManageLtiGrades(caller, quiz.row);
  const courses = await coursesOf(services, caller.businessId, quizId);
  const rosters: CourseRoster[] = [];
  for (const course of courses) {
    const base = { contextRowId: course.contextRowId, title: course.title };
    try {
      const { members, truncated } = await readMembers(services, course.platform, course.membershipsUrl!);
      const learners = members.filter((member) => (member.status ?? "Active") === "Active" && member.roles.some((role) => LEARNER.test(role)));
      const handedIn = await subsWhoHandedIn(services, course.platform.id, quizId, learners.map((member) => member.user_id));
      rosters.push({
        ...base,
        truncated,
        error: null,
        learners: learners.map((member) => ({
          sub: member.user_id,
          name: member.name ?? ([member.given_name, member.family_name].filter(Boolean).join(" ") || null),
          email: member.email && z.string().email().safeParse(member.email).success ? member.email : null,
          notTaken: !handedIn.has(member.user_id),
        })),
      });
    } catch (error) {
      if (!(error instanceof LmsCallFailed) && !(error instanceof ToolKeysUnavailable)) throw error;
      rosters.push({ ...base, learners: [], truncated: false, error: error instanceof LmsCallFailed ? error.reason : "LTI_KEYS_UNAVAILABLE" });
    }
  }
  return rosters;
}

async function readMembers(services: AppServices, platform: Parameters<typeof serviceToken>[1], membershipsUrl: string) {
  const token = await serviceToken(services, platform, [NRPS_SCOPE]);
  const origin = new URL(membershipsUrl).origin;
  const members: z.infer<typeof Member>[] = [];
  let next: string | null = membershipsUrl;
  let pages = 0;
  while (next && pages < MAX_PAGES && members.length < MAX_MEMBERS) {
    const answer = await platformFetch(services.config, next, { headers: { authorization: `Bearer ${token}`, accept: MEMBERSHIP_MEDIA_TYPE } });
    const container = Container.safeParse(answer.json);
    if (!container.success) throw new LmsCallFailed("LTI_LMS_GARBAGE", answer.status);
    // A member the LMS words oddly is skipped, not the whole roster.
    for (const raw of container.data.members) {
      const member = Member.safeParse(raw);
      if (member.success) members.push(member.data);
    }
    pages++;
    const link = nextLink(answer.headers.get("link"));
    // Only pages of the same LMS: a next link elsewhere would carry our token there.
    next = link && safeOrigin(link, next) === origin ? new URL(link, next).href : null;
  }
  return { members: members.slice(0, MAX_MEMBERS), truncated: next !== null };
}

/** The `rel="next"` target of a Link header (RFC 8288), or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = part.match(/^\s*<([^>]*)>(.*)$/);
    const rel = match?.[2].match(/;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i);
    if (match && (rel?.[1] ?? rel?.[2] ?? "").split(/\s+/).includes("next")) return match[1];
  }
  return null;
}

function safeOrigin(link: string, base: string): string | null {
  try {
    return new URL(link, base).origin;
  } catch {
    return null;
  }
}

/** The subs (on this platform) of the students who handed in an attempt of the quiz. */
async function subsWhoHandedIn(services: AppServices, platformId: number, quizId: number, subs: string[]): Promise<Set<string>> {
  const handedIn = new Set<string>();
  // In slices: SQLite's bound-variable limit.
  for (let start = 0; start < subs.length; start += 500) {
    const rows = await services.db
      .selectDistinct({ sub: ltiUsers.sub })
      .from(ltiUsers)
      .innerJoin(quizAttempts, and(eq(quizAttempts.studentId, ltiUsers.userId), eq(quizAttempts.quizId, quizId), isNotNull(quizAttempts.submittedAt)))
      .where(and(eq(ltiUsers.platformId, platformId), inArray(ltiUsers.sub, subs.slice(start, start + 500))));
    rows.forEach((row) => handedIn.add(row.sub));
  }
  return handedIn;
}
