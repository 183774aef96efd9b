import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { Result } from '../src/lib/http.ts';
import { type KeyHeader, needsNewKey, newIdempotencyKey, Submissions } from '../src/lib/idempotency-key.ts';
import { useSubmission } from '../src/lib/use-submission.ts';

test('each submission gets a key of its own: 128 random bits as hex', () => {
  const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
  expect(keys.size).toBe(100);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
});

test('only a refusal (4xx: nothing made) starts a new key; a lost answer or a server error retries with the same', () => {
  expect([400, 409, 422].map(needsNewKey)).toEqual([true, true, true]);
  expect([0, 500, 502, 503].map(needsNewKey)).toEqual([false, false, false, false]);
});

/** What the server answers each request, in order, and the keys the requests carried (the form's `send`). */
function server(...answers: Result<{ id: number }>[]) {
  const keys: string[] = [];
  const send = async (headers: KeyHeader) => {
    keys.push(headers['Idempotency-Key']);
    return answers.shift() ?? { data: { id: keys.length } };
  };
  return { keys, send };
}
const made = (id: number): Result<{ id: number }> => ({ data: { id } });
const lost: Result<{ id: number }> = { error: 'Something went wrong', status: 0 };
const failed: Result<{ id: number }> = { error: 'Something went wrong', status: 500 };
const refused: Result<{ id: number }> = { error: 'Not enough stock of Soap', status: 409 };

describe('Submissions: one key per document', () => {
  const sale = { lines: [{ productId: 1, quantity: 2 }], paid: 10 };

  test('a double click sends once: the second press answers null while the first is in flight', async () => {
    const answers = server(made(7));
    const form = new Submissions();
    const first = form.submit(sale, answers.send);
    expect(form.sending).toBe(true);
    const second = await form.submit(sale, answers.send);
    expect(second).toBeNull();
    expect(await first).toEqual({ data: { id: 7 } });
    expect(form.sending).toBe(false);
    expect(answers.keys).toHaveLength(1);
  });

  test('a retry after a lost answer or a server error carries the same key; a success then starts a new one', async () => {
    const answers = server(lost, failed, made(8), made(9));
    const form = new Submissions();
    await form.submit(sale, answers.send);
    await form.submit(sale, answers.send);
    expect(await form.submit(sale, answers.send)).toEqual({ data: { id: 8 } });
    expect(answers.keys.slice(0, 3)).toEqual(Array(3).fill(answers.keys[0]));
    // the next sale, even with the same lines, is another document
    await form.submit(sale, answers.send);
    expect(answers.keys[3]).not.toBe(answers.keys[0]);
  });

  test('a refusal (nothing was made) starts a new key', async () => {
    const answers = server(refused, made(3));
    const form = new Submissions();
    expect(await form.submit(sale, answers.send)).toEqual(refused);
    await form.submit(sale, answers.send);
    expect(answers.keys[1]).not.toBe(answers.keys[0]);
  });

  test('changed content after a lost answer is another document: a new key, which is then kept for its own retry', async () => {
    const answers = server(lost, lost, made(4));
    const form = new Submissions();
    await form.submit(sale, answers.send);
    const changed = { ...sale, paid: 12 };
    await form.submit(changed, answers.send);
    await form.submit(changed, answers.send);
    expect(answers.keys[1]).not.toBe(answers.keys[0]);
    expect(answers.keys[2]).toBe(answers.keys[1]);
  });

  test('renew() starts over (the form was cleared): the same content then goes with a new key', async () => {
    const answers = server(lost, made(5));
    const form = new Submissions();
    await form.submit(sale, answers.send);
    form.renew();
    await form.submit(sale, answers.send);
    expect(answers.keys[1]).not.toBe(answers.keys[0]);
  });

  test('tells the form when a submission starts and ends (the button spins meanwhile)', async () => {
    const seen: boolean[] = [];
    const form = new Submissions((sending) => seen.push(sending));
    await form.submit(sale, server(lost).send);
    await form.submit(sale, server(made(1)).send);
    expect(seen).toEqual([true, false, true, false]);
  });
});

test('useSubmission: a form keeps one Submissions across renders, starts idle and sends once per press', async () => {
  let hook: ReturnType<typeof useSubmission> | undefined;
  const rendered: boolean[] = [];
  function Form() {
    hook = useSubmission();
    rendered.push(hook.busy);
    return null;
  }
  renderToString(createElement(Form));
  expect(rendered).toEqual([false]);
  const answers = server(lost, made(2));
  const sale = { lines: [{ productId: 3, quantity: 1 }] };
  const first = hook!.submit(sale, answers.send);
  expect(await hook!.submit(sale, answers.send)).toBeNull();
  await first;
  // the retry of the lost answer: same key
  expect(await hook!.submit(sale, answers.send)).toEqual({ data: { id: 2 } });
  expect(answers.keys).toHaveLength(2);
  expect(answers.keys[1]).toBe(answers.keys[0]);
  hook!.renew();
  await hook!.submit(sale, answers.send);
  expect(answers.keys[2]).not.toBe(answers.keys[0]);
});
