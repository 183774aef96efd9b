import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/** How long a stored file may be kept by browsers and proxies: its name is never used for other bytes. */
export const immutableCaching = 'public, max-age=31536000, immutable';

/** A stored file opened for reading. */
export interface StoredObject {
  body: Readable;
  /** Its length in bytes, when the storage says. */
  size?: number;
}

/**
 * Where uploaded files are kept: the uploads folder (the default) or an S3-compatible bucket
 * (s3-storage.ts, when `S3_BUCKET` is set). Names are checked by FileStore (files.ts) before
 * they reach a storage; what a name's content is, was decided before it was written.
 */
export interface FileStorage {
  /** Writes a new file under a fresh name. */
  write(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes a file; a file that is not there is no error. */
  remove(name: string): Promise<void>;
  /** Opens a file for reading; undefined when there is none by that name. */
  read(name: string): Promise<StoredObject | undefined>;
  /** Fails, saying why, when the storage cannot be reached (checked once at start). */
  check(): Promise<void>;
  /** Lets go of connections. */
  close(): Promise<void>;
}

/** The uploads folder (DATA_DIR/uploads). */
export class LocalStorage implements FileStorage {
  constructor(readonly dir: string) {}

  /** Never overwrites a file (`wx`): a name is used once. */
  async write(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), data, { flag: 'wx' });
  }

  async remove(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  async read(name: string): Promise<StoredObject | undefined> {
    const file = path.join(this.dir, name);
    const stat = await fs.stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    return stat?.isFile() ? { body: createReadStream(file), size: stat.size } : undefined;
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {}
}

/**
 * The storage the config names. The S3 client is loaded only when a bucket is configured, so a
 * shop on its uploads folder never loads the AWS SDK.
 */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return new LocalStorage(path.join(config.dataDir, 'uploads'));
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(config.s3);
}
