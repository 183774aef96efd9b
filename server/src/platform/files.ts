import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/** File kinds we accept, recognised by their first bytes, never by the name the client sent. */
const signatures: { kind: string; ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { kind: 'image', ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { kind: 'image', ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { kind: 'image', ext: 'gif', mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { kind: 'image', ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export const mimeOf = (name: string) => signatures.find((s) => name.endsWith(`.${s.ext}`))?.mime ?? 'application/octet-stream';

export interface Upload {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Upload[];
}

/** Stores uploaded files under the data folder and serves them back by name. */
export class FileStore {
  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Reads a multipart request whole: text fields and files (each within the size limit). */
  async readMultipart(req: FastifyRequest): Promise<MultipartBody> {
    if (!req.isMultipart()) throw badRequest('Send this as multipart form data');
    const fields: Record<string, string> = {};
    const files: Upload[] = [];
    try {
      for await (const part of req.parts({ limits: { fileSize: this.maxBytes, files: 12, fields: 200 } })) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
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

  /** Saves an image after checking its content; answers the stored name. */
  async saveImage(upload: Upload): Promise<string> {
    const signature = signatures.find((s) => s.kind === 'image' && s.test(upload.data));
    if (!signature) throw badRequest(`${upload.field} must be a PNG, JPEG, GIF or WebP image`, { [upload.field]: 'must be a PNG, JPEG, GIF or WebP image' });
    const name = `${randomUUID()}.${signature.ext}`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), upload.data, { flag: 'wx' });
    return name;
  }

  async remove(name: string | null | undefined): Promise<void> {
    if (name && this.isStoredName(name)) await fs.rm(path.join(this.dir, name), { force: true });
  }

  isStoredName(name: string): boolean {
    return /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(name);
  }

  pathOf(name: string): string {
    return path.join(this.dir, name);
  }

  /** The URL a stored file is served at. */
  static url(name: string | null | undefined): string | null {
    return name ? `/v1/uploads/${name}` : null;
  }
}
