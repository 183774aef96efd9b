import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import type { FileStore } from './files.ts';
import type { TokenService } from './tokens.ts';

/** What every module gets to build its routes. */
export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  files: FileStore;
}
