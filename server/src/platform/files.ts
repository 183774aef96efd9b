import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError, badRequest } from './errors.ts';
import { type FileStorage, openStorage, type StoredObject } from './file-storage.ts';

const mimeTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Stored names end with the extension of the format the server itself encoded (see images.ts). */
export const mimeOf = (name: string) => mimeTypes[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export interface Upload {
  field: string;
  filename: string;
  /** The type the sender gave the file (not checked). */
  mimetype?: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Upload[];
}

/** The boundary a multipart content-type names (1 to 70 characters, quoted or not), if any. */
export function multipartBoundary(contentType: string): string | undefined {
  for (const param of contentType.split(';').slice(1)) {
    const [name, ...rest] = param.split('=');
    if (name?.trim().toLowerCase() !== 'boundary') continue;
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    return value.length >= 1 && value.length <= 70 ? value : undefined;
  }
  return undefined;
}

/**
 * A hook for every route: form data whose content-type names no boundary cannot be read (the parts
 * cannot be told apart), so it is a 400 saying so, before any handler reads it.
 */
export async function requireMultipartBoundary(req: FastifyRequest): Promise<void> {
  const type = req.headers['content-type'] ?? '';
  if (/^\s*multipart\/form-data\s*(;|$)/i.test(type) && !multipartBoundary(type)) {
    throw badRequest('The form data has no boundary: send multipart/form-data with its boundary (e.g. boundary=----x) in the content-type');
  }
}

/**
 * Form data that ends before its closing boundary (a cut-off upload, a hand-made body) is the
 * sender's mistake: a 400 saying so. Other errors are not the parser's and stay as they are.
 */
export function fromMultipart(error: unknown, req: FastifyRequest): AppError | undefined {
  if (!req.isMultipart()) return undefined;
  const message = error instanceof Error ? error.message : '';
  // a file part whose data stops without its boundary closes early
  const cutOff = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';
  if (cutOff || /unexpected end of multipart data|Multipart: Boundary not found/i.test(message)) {
    return badRequest('The form data ended early or is malformed: send it again whole, ending with its closing boundary');
  }
  return undefined;
}

/** Reads uploads and keeps the files the server made of them in its storage (file-storage.ts), by name. */
export class FileStore {
  constructor(
    readonly storage: FileStorage,
    readonly maxBytes: number,
  ) {}

  /** The store the config names: DATA_DIR/uploads, or the S3 bucket when `S3_BUCKET` is set. */
  static async open(config: Pick<Config, 'dataDir' | 's3' | 'uploadMaxBytes'>): Promise<FileStore> {
    return new FileStore(await openStorage(config), config.uploadMaxBytes);
  }

  /** Reads a multipart request whole: text fields and files (each within the size limit). */
  async readMultipart(req: FastifyRequest): Promise<MultipartBody> {
    if (!req.isMultipart()) throw badRequest('Send this as multipart form data');
    const fields: Record<string, string> = {};
    const files: Upload[] = [];
    try {
      for await (const part of req.parts({ limits: { fileSize: this.maxBytes, files: 12, fields: 200 } })) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('payload_too_large', `A file is larger than ${Math.round(this.maxBytes / 1024)} KB`);
      }
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Too many files or fields in one request');
      throw error;
    }
    return { fields, files };
  }

  /** A fresh random name for a new file. */
  static newName(ext: string): string {
    return `${randomUUID()}.${ext}`;
  }

  /** Writes a new file, typed by its name's extension. Callers go through StagedFiles (stored-files.ts). */
  async write(name: string, data: Buffer): Promise<void> {
    if (!this.isStoredName(name)) throw new Error(`not a stored file name: ${name}`);
    await this.storage.write(name, data, mimeOf(name));
  }

  async remove(name: string | null | undefined): Promise<void> {
    if (name && this.isStoredName(name)) await this.storage.remove(name);
  }

  /** A stored file opened for serving; undefined for a name the server never gave, or a file that is gone. */
  async open(name: string): Promise<StoredObject | undefined> {
    return this.isStoredName(name) ? this.storage.read(name) : undefined;
  }

  close(): Promise<void> {
    return this.storage.close();
  }

  isStoredName(name: string): boolean {
    return /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(name);
  }

  /** The URL a stored file is served at. */
  static url(name: string | null | undefined): string | null {
    return name ? `/v1/uploads/${name}` : null;
  }
}
