import { expect } from 'vitest';
import type { Answer, TestApp } from './harness.ts';

/** A password that meets the shoppers' rules (upper, lower, digit, special character, 8 or more). */
export const goodPassword = 'Shop-Pass1';

let counter = 0;
/** A fresh shopper's sign-up fields. */
export const newShopper = (prefix = 'shopper') => {
  const name = `${prefix}${process.pid}x${counter++}`;
  return { username: name, email: `${name}@example.com`, password: goodPassword, confirmPassword: goodPassword };
};

export const customerCookie = 'customerRefreshToken';
/** The value of the customers' refresh cookie an answer set ('' when it cleared it). */
export const refreshCookieOf = (answer: Answer) => answer.cookies.find((c) => c.name === customerCookie)?.value;

export interface Shopper {
  id: number;
  token: string;
  refresh: string;
  username: string;
  email: string;
  password: string;
}

/** Signs a new shopper up through the API and answers who it is and its session. */
export async function register(t: TestApp, prefix?: string): Promise<Shopper> {
  const fields = newShopper(prefix);
  const answer = await t.call('POST', '/v1/customer/register', { body: fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.id, token: answer.body.token, refresh: refreshCookieOf(answer)!, ...fields };
}

const secretKey = /pass(word)?|hash|secret|googleId/i;
/** Keys named like a secret anywhere in an answer (the access token `token` is the one allowed, at the top; an error's `fields` only name fields). */
export function secretKeysIn(value: unknown, path = ''): string[] {
  // an error's `fields` name the fields refused (`token`, `password`) with a message each, not values
  if (path === '.fields') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => secretKeysIn(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(secretKey.test(key) || (key.toLowerCase().includes('token') && path !== '') ? [`${path}.${key}`] : []),
    ...secretKeysIn(v, `${path}.${key}`),
  ]);
}
