import type { Db } from "../../db/client";
import { classes, classStudents, ltiContexts, ltiDeployments, ltiPlatforms, ltiResourceLinks, ltiUsers } from "../../db/schema";

/**
 * The LTI rows a resource-link launch leaves (issue 29; lti-shared brief "Launch → grades"),
 * written directly for the tests of grades and rosters: a platform of the business (its token
 * URL the stand-in's), a deployment, the course as a context with its class and NRPS URL, the
 * link opening the quiz with its AGS endpoint claim, and the students' (platform, sub) rows.
 * Works on any drizzle handle, so the e2e spec writes the e2e server's database with it.
 */
export const AGS_ALL_SCOPES = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem https://purl.imsglobal.org/spec/lti-ags/scope/score https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly";

export async function insertLaunchRows(
  db: Db,
  input: {
    businessId: number;
    quizId: number;
    lms: { origin: string; tokenUrl: string; lineItemsUrl(course: string): string; membershipsUrl(course: string): string };
    clientId: string;
    course: string;
    students: { userId: number; sub: string }[];
    lineItemUrl?: string | null;
    agsScopes?: string;
    withRoster?: boolean;
  },
) {
  const [platform] = await db
    .insert(ltiPlatforms)
    .values({
      businessId: input.businessId,
      name: "Stand-in LMS",
      issuer: input.lms.origin,
      clientId: input.clientId,
      authLoginUrl: `${input.lms.origin}/auth`,
      authTokenUrl: input.lms.tokenUrl,
      keySetUrl: `${input.lms.origin}/jwks`,
      registeredBy: "manual",
    })
    .returning();
  await db.insert(ltiDeployments).values({ platformId: platform.id, deploymentId: "deployment-1" });
  const [klass] = await db
    .insert(classes)
    .values({ businessId: input.businessId, name: `Course ${input.course}`, joinCode: crypto.randomUUID().slice(0, 12), externalRef: `lti:${platform.id}:${input.course}` })
    .returning();
  const [context] = await db
    .insert(ltiContexts)
    .values({ platformId: platform.id, deploymentId: "deployment-1", contextId: input.course, title: `Course ${input.course}`, classId: klass.id, membershipsUrl: input.withRoster === false ? null : input.lms.membershipsUrl(input.course) })
    .returning();
  const [link] = await db
    .insert(ltiResourceLinks)
    .values({
      platformId: platform.id,
      contextRowId: context.id,
      resourceLinkId: `link-${input.quizId}`,
      quizId: input.quizId,
      lineItemUrl: input.lineItemUrl ?? null,
      lineItemsUrl: input.lms.lineItemsUrl(input.course),
      agsScopes: input.agsScopes ?? AGS_ALL_SCOPES,
    })
    .returning();
  for (const student of input.students) {
    await db.insert(ltiUsers).values({ platformId: platform.id, sub: student.sub, userId: student.userId });
    await db.insert(classStudents).values({ classId: klass.id, userId: student.userId, joinedBy: "import", joinedAt: new Date() });
  }
  return { platform, context, link, classId: klass.id };
}
