import { and, eq } from "drizzle-orm";
import { classes, classStudents, classTeachers, ltiContexts } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { newJoinCode } from "../../classes/join-code";
import { type LtiClaims, LTI_CLAIM } from "./claims";

/**
 * The LMS course (the `context` claim) becomes a class of the platform's business (ADR 0075
 * left `classes.externalRef` for it): made on its first launch, named after the course, with
 * `externalRef` naming the platform, deployment and context so that no two courses share a
 * class. The launcher joins it: a Teacher as a class teacher, a Student as a student (joined
 * "import": the LMS's roster is where they come from). The NRPS memberships URL of the latest
 * launch is kept for the roster (ltigrades reads it).
 */
export interface CourseClass {
  contextRowId: number;
  classId: number;
}

const externalRefOf = (platformId: number, deploymentId: string, contextId: string) => `lti:${platformId}:${deploymentId}:${contextId}`.slice(0, 600);

export async function classOfCourse(
  services: AppServices,
  platform: { id: number; businessId: number },
  claims: LtiClaims,
  user: { userId: number; asTeacher: boolean },
): Promise<CourseClass | null> {
  const context = claims[LTI_CLAIM.context];
  if (!context) return null;
  const deploymentId = claims[LTI_CLAIM.deploymentId];
  const now = services.now();
  const membershipsUrl = claims[LTI_CLAIM.nrpsService]?.context_memberships_url ?? null;
  const title = (context.title || context.label || context.id).slice(0, 100);
  const externalRef = externalRefOf(platform.id, deploymentId, context.id);

  await services.db
    .insert(classes)
    .values({ businessId: platform.businessId, name: title, joinCode: newJoinCode(), externalRef, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await services.db.select({ id: classes.id }).from(classes).where(and(eq(classes.businessId, platform.businessId), eq(classes.externalRef, externalRef))).limit(1);
  if (!row) throw new Error("LMS course class vanished after creation");

  const [contextRow] = await services.db
    .insert(ltiContexts)
    .values({ platformId: platform.id, deploymentId, contextId: context.id, title, classId: row.id, membershipsUrl, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [ltiContexts.platformId, ltiContexts.deploymentId, ltiContexts.contextId],
      set: { title, classId: row.id, membershipsUrl, updatedAt: now },
    })
    .returning({ id: ltiContexts.id });

  if (user.asTeacher) {
    await services.db.insert(classTeachers).values({ classId: row.id, userId: user.userId }).onConflictDoNothing();
  } else {
    await services.db.insert(classStudents).values({ classId: row.id, userId: user.userId, joinedBy: "import", joinedAt: now }).onConflictDoNothing();
  }
  return { contextRowId: contextRow.id, classId: row.id };
}
