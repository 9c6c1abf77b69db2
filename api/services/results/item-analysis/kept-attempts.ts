import type { Db } from "../../../../db/client";
import type { ClassFilter } from "../../classes/class-filter";
import { type FoldedAttempts, KeptAttempts } from "./attempt-records";
import { answerGroupsStatement, attemptsWithAnswersStatement, type FinishedAttempts, finishedAttemptsStatement } from "./item-analysis-sql";
import type { ResponseAnalysis } from "./response-analysis";

/** Whose attempts: a quiz's, or only its attempts by a class's members (ADR 0080), each kept on its own. */
interface QuizAttemptsOf {
  businessId: number;
  quizId: number;
  inClass?: ClassFilter;
}

/** Quizzes whose attempts one process keeps: a teacher's few open analyses, not every quiz. */
const MOST_KEPT = 32;
/** Attempts kept over all those quizzes (about 200 bytes each with ten answers: some 20 MB, within a Worker isolate's 128 MB). */
const MOST_KEPT_ATTEMPTS = 100_000;
/** Past this many changed attempts, reading them by id costs more than reading the quiz again. */
const MOST_CHANGED = 2_000;
/** Attempts (or answer groups' ids, by the thousand) folded between two turns of the event loop on a first read. */
const PER_TURN = 2_000;
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

interface KeptQuiz {
  attempts: KeptAttempts;
  /** The kept attempts' fingerprint when `folded` and `responses` were made. */
  fingerprint: string;
  folded: FoldedAttempts;
  responses: Map<number, ResponseAnalysis>;
  /** An update under way: the next request waits for it rather than apply the same changes twice. */
  updating?: Promise<unknown>;
}

/** Per database (a test process opens many; ids repeat across them), per quiz. */
const keptOf = new WeakMap<Db, Map<string, KeptQuiz>>();

/**
 * A quiz's finished attempts folded for item analysis (ADR 0072 and its addendum), kept per
 * process. When the fingerprint the page just read equals the kept attempts', nothing more is
 * read. When it does not (a grade bumped an attempt's version, an attempt was closed), the
 * finished attempts' ids and versions the same statement read tell which are new or changed,
 * and only those are read again, each with its answers, and put in place of the kept ones (the
 * sums follow, attempt-records.ts). A process that keeps nothing reads every attempt once, and
 * the answers grouped from the covering index. The fingerprint is read from the database on
 * every request, so another process's or a Worker isolate's grade is seen at once; the kept
 * fingerprint is computed from the kept attempts themselves, so a write racing a read only makes
 * the next request look again.
 *
 * The response analyses (typed answers, parts) are read again whenever anything changed:
 * `readResponses` gets the count of finished attempts its shares are over.
 */
export async function keptAttemptsOf(
  db: Db,
  ids: QuizAttemptsOf,
  finished: FinishedAttempts,
  readResponses: (attempts: number) => Promise<Map<number, ResponseAnalysis>>,
): Promise<{ folded: FoldedAttempts; responses: Map<number, ResponseAnalysis> }> {
  const key = `${ids.businessId}:${ids.quizId}:${ids.inClass ? `class ${ids.inClass.classId}` : "all"}`;
  let kept = keptOf.get(db);
  if (!kept) keptOf.set(db, (kept = new Map()));
  let found = kept.get(key);
  while (found?.updating) {
    await found.updating.catch(() => undefined);
    found = kept.get(key);
  }
  if (found && found.fingerprint === finished.fingerprint) return found;
  const update = (async () => {
    const [attempts, responses] = await Promise.all([
      (async () => (found && (await changedSince(db, ids, found.attempts, finished))) || readAll(db, ids))(),
      readResponses(Number(finished.fingerprint.split(":")[0]) || 0),
    ]);
    return { attempts, fingerprint: attempts.fingerprint, folded: attempts.fold(), responses };
  })();
  if (found) found.updating = update;
  try {
    const next = await update;
    keep(kept, key, next);
    return next;
  } finally {
    if (found) found.updating = undefined;
  }
}

/** Every finished attempt, and the answers grouped from the covering index with their attempts' ids. */
async function readAll(db: Db, ids: QuizAttemptsOf): Promise<KeptAttempts> {
  const [attempts, answerGroups] = await Promise.all([finishedAttemptsStatement(db, ids.businessId, ids.quizId, ids.inClass), answerGroupsStatement(db, ids.quizId)]);
  const kept = new KeptAttempts();
  const groupsOf = new Map(attempts.map(([id]) => [id, [] as number[]]));
  // 20,000 attempts of ten answers are 200,000 ids to place: a slice at a time, so other requests get their turn.
  let done = 0;
  for (const row of answerGroups) {
    const g = kept.groupOf(row);
    // The question's answers in other quizzes' attempts, and in open ones, are not this quiz's finished attempts.
    const ids = row.attemptIds.split(",");
    for (const id of ids) groupsOf.get(Number(id))?.push(g);
    if (Math.floor((done + ids.length) / (PER_TURN * 10)) > Math.floor(done / (PER_TURN * 10))) await nextTurn();
    done += ids.length;
  }
  for (let from = 0; from < attempts.length; from += PER_TURN) {
    if (from > 0) await nextTurn();
    for (const [id, version, submittedAt, percentage, total] of attempts.slice(from, from + PER_TURN)) kept.put({ id, version, submittedAt, percentage, total, groups: groupsOf.get(id)! });
  }
  return kept;
}

/** The kept attempts brought up to date by reading only those new or changed; undefined when so many changed that reading all is cheaper. */
async function changedSince(db: Db, ids: QuizAttemptsOf, kept: KeptAttempts, finished: FinishedAttempts): Promise<KeptAttempts | undefined> {
  const [finishedIds, versions] = finished.versions();
  const changed: number[] = [];
  let stillKept = 0;
  for (let i = 0; i < finishedIds.length; i++) {
    const version = kept.records.get(finishedIds[i])?.version;
    if (version !== undefined) stillKept += 1;
    if (version !== versions[i]) changed.push(finishedIds[i]);
  }
  if (changed.length > MOST_CHANGED) return undefined;
  // A kept attempt no longer finished (deleted with its student): rare, so only then the set.
  if (stillKept < kept.records.size) {
    const stillFinished = new Set(finishedIds);
    for (const id of [...kept.records.keys()]) if (!stillFinished.has(id)) kept.remove(id);
  }
  const read = changed.length === 0 ? [] : await attemptsWithAnswersStatement(db, ids.businessId, ids.quizId, changed, ids.inClass);
  // One that stopped being finished between the two reads (it cannot: a close is final) would be left out.
  for (const id of changed) kept.remove(id);
  for (const [id, version, submittedAt, percentage, total, answers] of read) {
    kept.put({ id, version, submittedAt, percentage, total, groups: answers.map(([questionId, selected, fractionE7, status]) => kept.groupOf({ questionId, selected, fractionE7, status })) });
  }
  return kept;
}

function keep(kept: Map<string, KeptQuiz>, key: string, quiz: KeptQuiz) {
  kept.delete(key);
  kept.set(key, quiz);
  // A Map iterates in insertion order: the first key is the one written longest ago.
  const attemptsKept = () => [...kept.values()].reduce((sum, one) => sum + one.attempts.records.size, 0);
  while (kept.size > 1 && (kept.size > MOST_KEPT || attemptsKept() > MOST_KEPT_ATTEMPTS)) kept.delete(kept.keys().next().value!);
}

/** Drops what this process keeps of `db`'s quizzes: a test compares a read built up from changes with one from nothing. */
export function forgetKeptAttempts(db: Db) {
  keptOf.delete(db);
}
