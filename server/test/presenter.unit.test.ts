import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { presenter } from '../src/platform/presenter.ts';

/** The presenter is the allow-list of every answer: what the contract lists goes out, nothing else. */
describe('presenter', () => {
  const row = z.object({ id: z.number(), name: z.string(), active: z.enum(['true', 'false']) });
  const list = z.object({ getAllThing: z.array(row), totalThing: z.number() });
  const report = z.object({ getAllThing: z.array(row), totalThing: z.number(), grandTotal: z.number() });
  const answer = z.union([z.array(z.object({ id: z.number() })), list, report]);

  test('a union answer is sent as the option it fits, without the fields no option lists', () => {
    const present = presenter(answer);
    const thing = { id: 1, name: 'Till', active: true, passwordHash: 'x' };
    expect(present({ getAllThing: [thing], totalThing: 1, secret: 's' })).toEqual({
      getAllThing: [{ id: 1, name: 'Till', active: 'true' }],
      totalThing: 1,
    });
    // the most specific option wins, so the report keeps its grand total
    expect(present({ getAllThing: [], totalThing: 0, grandTotal: 5, secret: 's' })).toEqual({
      getAllThing: [],
      totalThing: 0,
      grandTotal: 5,
    });
    expect(present([{ id: 2, name: 'hidden' }])).toEqual([{ id: 2 }]);
  });

  test('a field declared a JSON boolean stays one; other flags become the text the spec reads', () => {
    const present = presenter(z.object({ ok: z.boolean(), status: z.enum(['true', 'false']) }));
    expect(present({ ok: false, status: false })).toEqual({ ok: false, status: 'false' });
  });
});
