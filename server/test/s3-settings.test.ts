import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { boot } from '../src/boot.ts';
import { readConfig } from '../src/config.ts';
import { startS3, type TestS3 } from './s3-server.ts';

// what an operator meets: the S3 variables read, and a bucket that cannot be used
let s3: TestS3;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

/** The variables of a first start on a new embedded data folder (the files are what is tested here). */
async function freshStart(env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-s3-start-'));
  folders.push(dataDir);
  return { env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), ...env } };
}

describe('S3 settings', () => {
  test('no S3_BUCKET: uploads stay in DATA_DIR/uploads; a bucket is read with its endpoint, region and keys', () => {
    expect(readConfig({}).s3).toBeUndefined();
    expect(readConfig(s3.env).s3).toEqual({
      bucket: s3.env.S3_BUCKET,
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    // AWS itself: no endpoint, the SDK's own credentials, a region by default
    expect(readConfig({ S3_BUCKET: 'shop' }).s3).toEqual({
      bucket: 'shop',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
  });

  test('settings that cannot work stop the start, naming the variable', () => {
    expect(() => readConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT set without S3_BUCKET/);
    expect(() => readConfig({ S3_BUCKET: 'shop', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => readConfig({ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
  });

  test('a bucket that does not exist stops the start, naming it', async () => {
    const { env } = await freshStart({ ...s3.env, S3_BUCKET: 'no-such-bucket', SEED_DEMO: 'false' });
    await expect(boot(readConfig(env), { logger: false, announce: () => {} })).rejects.toThrow(
      'S3_BUCKET "no-such-bucket" cannot be used: it does not exist',
    );
  });
});
