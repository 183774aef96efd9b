import { expect, test } from 'vitest';
import { TokenService } from '../src/platform/tokens.ts';

/** Verified tokens are kept for the next request, and a kept one still stops at its expiry. */
test('a kept token answers its claims until it expires, then null; a forged one is never kept', async () => {
  // two seconds: its expiry (whole seconds) falls 1 to 2 s from now
  const tokens = new TokenService('a-secret-long-enough-for-hs256-signing', 2);
  const claims = { id: 7, kind: 'staff' as const, roleId: 2, role: 'cashier' };
  const token = await tokens.sign(claims);
  expect(await tokens.verify(token)).toEqual(claims);
  expect(await tokens.verify(token)).toEqual(claims);
  const forged = `${token.slice(0, -2)}xx`;
  expect(await tokens.verify(forged)).toBeNull();
  expect(await tokens.verify(forged)).toBeNull();
  const other = new TokenService('another-secret-long-enough-for-hs256', 60);
  expect(await other.verify(token)).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  expect(await tokens.verify(token)).toBeNull();
});
