/**
 * The AGS score (Assignment and Grade Services 2.0 §3.4, media type
 * application/vnd.ims.lis.v1.score+json) of one student's counting attempt. The score is the
 * attempt's percentage out of 100: what the school reads in our results, and the same scale
 * for every student even when drawn papers (ADR 0077) give them different totals; the
 * platform scales it to its line item's own scoreMaximum.
 */

export const SCORE_MEDIA_TYPE = "application/vnd.ims.lis.v1.score+json";

export interface AgsScore {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: "Completed";
  gradingProgress: "FullyGraded" | "PendingManual";
  timestamp: string;
}

export function scorePayload(input: { sub: string; percentage: number; gradingStatus: "Graded" | "NeedsGrading"; at: Date }): AgsScore {
  // scoreGiven is never negative (AGS §3.4.4); negative marking can take a percentage below 0.
  const scoreGiven = Math.round(Math.min(100, Math.max(0, input.percentage)) * 100) / 100;
  return {
    userId: input.sub,
    scoreGiven,
    scoreMaximum: 100,
    activityProgress: "Completed",
    // An essay awaiting a grader leaves the score partial (decisions.md "Manual grading").
    gradingProgress: input.gradingStatus === "NeedsGrading" ? "PendingManual" : "FullyGraded",
    // ISO 8601 with milliseconds: the platform keeps the latest timestamp and ignores older scores.
    timestamp: input.at.toISOString(),
  };
}
