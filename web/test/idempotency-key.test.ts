import { expect, test } from 'vitest';
import { needsNewKey, newIdempotencyKey } from '../src/storefront/checkout/idempotency-key.ts';

test('each checkout attempt gets a key of its own: 128 random bits as hex', () => {
  const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
  expect(keys.size).toBe(100);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
});

test('only a refusal (4xx: no order made) starts a new key; a lost answer or a server error retries with the same', () => {
  expect([400, 409, 422].map(needsNewKey)).toEqual([true, true, true]);
  expect([0, 500, 502, 503].map(needsNewKey)).toEqual([false, false, false, false]);
});
