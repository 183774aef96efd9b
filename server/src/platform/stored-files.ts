/** Where a file that could not be removed is reported (the app's logger, or the console before the app is built). */
export interface Warnings {
  warn(detail: { err: unknown }, message: string): void;
}

import type { Db, Tx } from './db.ts';
import { FileStore } from './files.ts';

/**
 * The files one database transaction adds and retires. Files live outside the database, so they
 * follow its outcome by hand: new files are removed again if the transaction fails, and the files
 * it replaces are removed only once it has committed (before that, a failure would leave rows
 * pointing at nothing).
 */
export class StagedFiles {
  private readonly added: string[] = [];
  private readonly retired: string[] = [];

  constructor(private readonly store: FileStore) {}

  /** Stores a new file under a fresh name; answers the name. */
  async add(ext: string, data: Buffer): Promise<string> {
    const name = FileStore.newName(ext);
    await this.addAs(name, data);
    return name;
  }

  /** Stores a new file under a name derived from one {@link add} gave (a second size of an image). */
  async addAs(name: string, data: Buffer): Promise<void> {
    // remembered first: a half-written file is removed too
    this.added.push(name);
    await this.store.write(name, data);
  }

  /** A stored file the transaction stops using: removed after commit. */
  removeAfterCommit(...names: (string | null | undefined)[]): void {
    for (const name of names) if (name) this.retired.push(name);
  }

  /** @internal used by {@link withStoredFiles} */
  rollback(log: Warnings): Promise<void> {
    return this.removeAll(this.added, log, 'file of a failed change not removed');
  }

  /** @internal used by {@link withStoredFiles} */
  commit(log: Warnings): Promise<void> {
    return this.removeAll(this.retired, log, 'replaced file not removed');
  }

  // a file that cannot be removed is left behind and logged: the outcome is already decided
  private async removeAll(names: string[], log: Warnings, what: string): Promise<void> {
    const results = await Promise.allSettled(names.map((name) => this.store.remove(name)));
    for (const result of results) if (result.status === 'rejected') log.warn({ err: result.reason }, what);
  }
}

/**
 * Runs `work` in one transaction of the request's (`req.db`: it names the caller to the audit log) with a
 * {@link StagedFiles}: files it adds are kept only if the transaction commits, files it retires are removed only
 * after the commit. Trouble with the files is logged on the request's log.
 */
export async function withStoredFiles<T>(
  ctx: { files: FileStore },
  req: { db: Db; log: Warnings },
  work: (tx: Tx, files: StagedFiles) => Promise<T>,
): Promise<T> {
  const files = new StagedFiles(ctx.files);
  const { log } = req;
  let result: T;
  try {
    result = await req.db.transaction((tx) => work(tx, files));
  } catch (error) {
    await files.rollback(log);
    throw error;
  }
  await files.commit(log);
  return result;
}
