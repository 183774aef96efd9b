import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import type { FileStore } from './files.ts';
import type { FrontDoor } from './front-door.ts';
import type { SqlWatch } from './sql-watch.ts';
import type { TokenService } from './tokens.ts';

/** What every module gets to build its routes. */
export interface AppContext {
  db: Db;
  /** Which tables were written, for in-process caches (see sql-watch.ts). */
  watch: SqlWatch;
  config: Config;
  tokens: TokenService;
  files: FileStore;
  /** The HTTP server's front door, which answers visitors' kept reads (front-door.ts); absent outside a server. */
  door?: FrontDoor;
}
