import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import type { EncodedProductImages } from '../modules/catalogue/index.ts';

/**
 * The demo products' pictures, drawn and encoded once (at `npm install`, or by the first start that needs
 * them) and kept beside the installed packages, so a first start only reads them. The file's name holds a
 * hash of everything the pictures are made from: the drawings (SVG texts), the encoding's sources and sharp's
 * version. A change to any of them names another file, never an old picture.
 */
function sharpVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('sharp'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The encoding's own sources (read, not imported: their text is part of the key). */
const encodingSources = ['../modules/catalogue/product-images.ts', '../platform/images.ts'];

/** The cache file for these drawings; undefined when its key cannot be made (the pictures are then drawn every time). */
export function demoPicturesFile(drawings: string[]): string | undefined {
  try {
    const hash = createHash('sha256');
    hash.update(sharpVersion());
    for (const source of encodingSources) hash.update(fs.readFileSync(path.join(import.meta.dirname, source)));
    for (const drawing of drawings) hash.update(drawing);
    const key = hash.digest('hex').slice(0, 16);
    return path.join(import.meta.dirname, '../../../node_modules/.cache/tillbook', `demo-pictures-${key}.bin`);
  } catch {
    return undefined;
  }
}

export function readDemoPictures(file: string | undefined): Map<string, EncodedProductImages> | undefined {
  if (!file || !fs.existsSync(file)) return undefined;
  try {
    return v8.deserialize(fs.readFileSync(file)) as Map<string, EncodedProductImages>;
  } catch {
    return undefined;
  }
}

/** Written whole, then renamed; a cache that cannot be written is only not kept. */
export function keepDemoPictures(file: string | undefined, pictures: Map<string, EncodedProductImages>): void {
  if (!file) return;
  const partial = `${file}.${process.pid}`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(partial, v8.serialize(pictures));
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}
