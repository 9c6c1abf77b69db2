import type { Db } from "./client";
import { writeBatch, type RawStatement } from "./raw-batch";

/** The most writes one transaction takes: a larger gathering is committed as several groups, one after another. */
const MOST_WRITES_PER_GROUP = 200;

interface Pending {
  statements: RawStatement[];
  resolve(changed: number[]): void;
  reject(error: unknown): void;
}

const waiting = new WeakMap<Db, Pending[]>();

/**
 * Group commit: writes that arrive together are committed together, in one transaction.
 *
 * A class autosaving at once sends hundreds of small writes a second, each its own
 * transaction: BEGIN IMMEDIATE, a few statements, COMMIT, and with it the WAL frames of every
 * page it touched, written again for the next save a moment later. Here each write waits for
 * the next turn of the event loop (a 0 ms timer: every request already read by then has had
 * the chance to join) and the writes gathered by then run as one batch. A lone write waits no
 * longer than that turn. On a Worker, whose database handle lives for one request, every
 * group is one write.
 *
 * Each caller's statements must decide by themselves whether they apply (conditions in their
 * WHERE clauses), never by failing: one transaction holds everybody's, and a failure rolls
 * back all of them. If the group fails anyway (a constraint, the lock not won in time), each
 * write is tried again alone, so a failure reaches only the caller it belongs to.
 * Resolves with the rows each of the caller's statements changed.
 */
export function writeTogether(db: Db, statements: RawStatement[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    let queue = waiting.get(db);
    if (!queue) {
      waiting.set(db, (queue = []));
      setTimeout(() => {
        waiting.delete(db);
        void commitGroups(db, queue!);
      }, 0);
    }
    queue.push({ statements, resolve, reject });
  });
}

async function commitGroups(db: Db, writes: Pending[]): Promise<void> {
  for (let from = 0; from < writes.length; from += MOST_WRITES_PER_GROUP) await commitGroup(db, writes.slice(from, from + MOST_WRITES_PER_GROUP));
}

async function commitGroup(db: Db, group: Pending[]): Promise<void> {
  if (group.length > 1) {
    try {
      const changed = await writeBatch(db, group.flatMap((write) => write.statements));
      let at = 0;
      for (const write of group) {
        write.resolve(changed.slice(at, at + write.statements.length));
        at += write.statements.length;
      }
      return;
    } catch {
      // Someone's write failed and took the group with it: each alone, so the error finds its owner.
    }
  }
  for (const write of group) {
    try {
      write.resolve(await writeBatch(db, write.statements));
    } catch (error) {
      write.reject(error);
    }
  }
}
