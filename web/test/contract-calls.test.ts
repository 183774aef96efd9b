import { adjustEndpoints, type ContractEndpoint, endpoints } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../src/lib/api.ts';

/**
 * The web calls the API only through the contract's endpoints. These lines are checked by the
 * typecheck (`npm run typecheck`, run by CI): each `@ts-expect-error` fails the typecheck if the
 * call after it ever compiles, e.g. because `api` started to accept a path of its own.
 */
function neverRun() {
  // @ts-expect-error a path that is not in the contract
  void api({ method: 'GET', path: 'no-such-list', access: 'public', answer: z.object({}) });
  // @ts-expect-error a path written by hand, even one that exists
  void api('adjust-inventory');
  // @ts-expect-error the path's :id must be given
  void api(adjustEndpoints.get);
  // @ts-expect-error the body must be the contract's
  void api(adjustEndpoints.reverse, { params: { id: 1 }, body: { status: 'maybe' } });
}

describe('the typed client', () => {
  it('is built from endpoints whose paths are relative and unique per method', () => {
    expect(typeof neverRun).toBe('function');
    const all: ContractEndpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area));
    const seen = new Set<string>();
    for (const e of all) {
      expect(e.path.startsWith('/'), e.path).toBe(false);
      const key = `${e.method} ${e.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});
