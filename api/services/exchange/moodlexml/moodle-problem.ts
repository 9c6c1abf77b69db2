import type { ImportedFile } from "../../core/heavy-jobs";
import type { ReasonCode, RowProblem } from "../../imports/reasons";

/** Why a Moodle question cannot be said here: a reason of the import summary (imports/reasons.ts). */
export type MoodleProblem = { problem: RowProblem };

/** One Moodle question as the editor's question input (with the image it carries), or why not. */
export type MoodleMapping = { input: Record<string, unknown>; files?: ImportedFile[] } | MoodleProblem;

/** A type's part of the input: its options or answer key, and the right answer an empty explanation names. */
export type KeyedShape = { optionType: string; options?: unknown[]; answerKey?: unknown; rightAnswer: string };

export const refused = (code: ReasonCode, values?: Record<string, string | number>): MoodleProblem => ({ problem: values ? { code, values } : { code } });

export const isProblem = <T extends object>(value: T | MoodleProblem): value is MoodleProblem => "problem" in value;
