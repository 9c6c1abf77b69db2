/**
 * Every number item analysis judges by, in one place (docs/decisions/0042-item-analysis.md).
 * The API flags with these and the page explains its flags with the same values.
 */
export const ITEM_ANALYSIS_THRESHOLDS = {
  /** Below this many finished attempts, no discrimination index and no flags: too few to tell noise from a bad question. */
  minAttempts: 10,
  /** TOO_EASY: more than this share of attempts answered right. */
  tooEasyAbove: 0.9,
  /** TOO_HARD: less than this share answered right. */
  tooHardBelow: 0.2,
  /** NEGATIVE_DISCRIMINATION: the discrimination index is below this (stronger students do worse). */
  negativeDiscriminationBelow: 0,
} as const;

/** Stable machine codes of the reasons to revise a question; the page words them per language. */
export const ITEM_FLAGS = ["TOO_EASY", "TOO_HARD", "NEGATIVE_DISCRIMINATION", "UNUSED_DISTRACTOR"] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

/** The score distribution's bins: 0–10, 10–20, …, 90–100 (100 % falls in the last). */
export const DISTRIBUTION_BIN_WIDTH = 10;

/** Response analysis: how many of a question's most frequent wrong typed answers are shown (Moodle shows them all; five say what students misread). */
export const TOP_WRONG_ANSWERS = 5;
