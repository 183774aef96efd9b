import type { PGlite } from '@electric-sql/pglite';
import { preparedName } from './prepared.ts';

/**
 * The app's statements as prepared statements on the embedded database: its hot ones (`executePrepared`) from the
 * first time, any other the query builder sends again and again from its third (`repeatedName`). PostgreSQL
 * plans a statement each time it is sent unnamed; in PGlite, PostgreSQL compiled to WebAssembly, parsing and
 * planning a sale's lookup cost more than running it (2.2-2.7 ms against 1.0-1.2 ms as a prepared statement).
 * The driver sends every statement unnamed, and PGlite's protocol takes no name, so each such statement is
 * prepared once in the database's one session (`prepare … as`) and then run as `execute name(…)` with its
 * values written as literals: each value a quoted string, which PostgreSQL reads as it reads a parameter's text
 * (PGlite sends a number, a string or a boolean as its `toString()`, a date as its ISO text; a boolean parameter's
 * 't' or 'f' reads as 'true' or 'false' does). A statement with a value of another kind (an object, an array) is
 * sent as before, unnamed. A statement that fails to prepare fails with its own error (it does not parse, names
 * no table), as it would unprepared.
 *
 * Callers see no difference: the same text is given (the SQL watch reads the tables written from it), the same
 * rows and fields come back, an error carries the same PostgreSQL fields.
 */
type Query = (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
type Session = { query: Query };

/** The session's prepared statements: the statement's text → the name it was prepared under. */
const sessions = new WeakMap<object, Map<string, string>>();

/** A value as a literal PostgreSQL reads as it would the parameter's text, or undefined when there is none. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? `'${value.toISOString()}'` : undefined;
  if (typeof value !== 'string') return undefined;
  // an escape string: its meaning does not hang on standard_conforming_strings
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** A prepared statement gone (26000), or whose table changed its columns under it. */
function stale(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(String(message)));
}

let versions = 0;

/** How often each unnamed statement was sent, per session, and the names given to those sent again (repeatedName). */
const counts = new WeakMap<object, Map<string, number>>();
const repeatedNames = new WeakMap<object, Map<string, string>>();
const preparable = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*(select|insert|update|delete|with|values)\b/i;

/**
 * A name for a statement the app sends unnamed (the query builder's), once this session has been sent its text a third
 * time, so that it is prepared too: a list's page, a guard's lookup, a report's statements. At most 500 of them; the
 * texts counted are forgotten past 2,000 (a text with its values written in never repeats).
 */
function repeatedName(root: object, text: string): string | undefined {
  const names = repeatedNames.get(root) ?? new Map<string, string>();
  repeatedNames.set(root, names);
  const known = names.get(text);
  if (known || names.size >= 500 || text.includes(';') || !preparable.test(text)) return known;
  const seen = counts.get(root) ?? new Map<string, number>();
  counts.set(root, seen);
  if (seen.size >= 2000) seen.clear();
  const n = (seen.get(text) ?? 0) + 1;
  seen.set(text, n);
  if (n < 3) return undefined;
  seen.delete(text);
  const name = `tillbook_r${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * Wraps `target.query` (the client's, or a transaction's of the same session `root`) to run prepared statements.
 * A prepared statement gone stale (its table's columns changed since) fails once: outside a transaction it is
 * prepared again under a new name and run at once; in one, the transaction has failed with it, and the next asks
 * prepare it again.
 */
function preparedQueries(target: Session, root: object, inTransaction: boolean) {
  const prepared = sessions.get(root) ?? new Map<string, string>();
  sessions.set(root, prepared);
  const original = target.query.bind(target);
  const prepare = async (text: string, name: string) => {
    // a statement prepared again (its table changed) takes a new name: the old one may still exist
    const candidate = versions ? `${name}_${versions}` : name;
    try {
      await original(`prepare ${candidate} as ${text}`);
    } catch (error) {
      // the statement's own error (it does not parse, a name is unknown), as sending it would give;
      // 42P05: this session has it already
      if ((error as { code?: unknown })?.code !== '42P05') throw error;
    }
    prepared.set(text, candidate);
    return candidate;
  };
  const execute = (server: string, values: string[], options: unknown) =>
    original(`execute ${server}${values.length ? `(${values.join(', ')})` : ''}`, [], options);
  target.query = async (text, params, options) => {
    const name = preparedName(text) ?? repeatedName(root, text);
    const values = name ? (params ?? []).map(literal) : [];
    if (!name || values.includes(undefined)) return original(text, params, options);
    const server = prepared.get(text) ?? (await prepare(text, name));
    try {
      return await execute(server, values as string[], options);
    } catch (error) {
      if (!stale(error)) throw error;
      prepared.delete(text);
      versions++;
      if (inTransaction) throw error;
      return execute(await prepare(text, name), values as string[], options);
    }
  };
}

/** Runs the app's prepared statements as prepared statements on this PGlite client, in and out of its transactions. */
export function prepareOnPglite(client: PGlite): void {
  preparedQueries(client as unknown as Session, client, false);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(work: (tx: never) => Promise<T>) =>
    transaction(async (tx) => {
      preparedQueries(tx as unknown as Session, client, true);
      return work(tx as never);
    })) as PGlite['transaction'];
}
