import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { type FileStorage, immutableCaching, type StoredObject } from './file-storage.ts';

const missing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Uploads in an S3-compatible bucket (`S3_BUCKET`), one object per stored name, at the bucket's top.
 * The bucket may stay private: the server reads the objects and serves them under /v1/uploads.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // checksums only where S3 requires them: many S3-compatible stores refuse the newer default ones
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // a store that stops answering fails the request instead of holding it for ever
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  /**
   * Names are random UUIDs (FileStore.newName), so a write never meets an object of the same
   * name; no conditional write is sent, as not every S3-compatible store knows `If-None-Match`.
   */
  async write(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: name,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
        CacheControl: immutableCaching,
      }),
    );
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  async read(name: string): Promise<StoredObject | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      // in Node the body is the HTTP response itself, a Readable
      return { body: object.Body as Readable, size: object.ContentLength };
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why = status === 404 ? 'it does not exist' : status === 403 ? 'the keys may not use it' : String(error);
      throw new Error(`S3_BUCKET "${this.bucket}" cannot be used: ${why}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
