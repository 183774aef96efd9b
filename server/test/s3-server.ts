import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** A local S3-compatible server (s3rver) with one bucket, and a client that looks into it as its owner would. */
export interface TestS3 {
  /** The server's S3_* variables pointing at the bucket. */
  env: Record<string, string>;
  /** The names of the bucket's objects, sorted. */
  objects(): Promise<string[]>;
  /** An object's bytes and stored type. */
  object(name: string): Promise<{ data: Buffer; contentType: string | undefined }>;
  close(): Promise<void>;
}

// the SDK warns once that its releases after January 2027 need Node 22; the project runs on Node 20.19 and up
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's own keys: it checks every request's signature against them. */
const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3(bucket = 'tillbook-test'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: keys });
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    },
    async objects() {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((o) => o.Key!).sort();
    },
    async object(name) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
      return { data: Buffer.from(await answer.Body!.transformToByteArray()), contentType: answer.ContentType };
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
