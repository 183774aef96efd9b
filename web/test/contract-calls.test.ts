import {
  adjustEndpoints,
  type ContractEndpoint,
  customerContract,
  endpoints,
  identityResources,
  type ListSpec,
  productVariantResource,
  records,
  resources,
  routes,
} from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../src/lib/api.ts';

/**
 * The web calls the API only through the contract's routes. These lines are checked by the
 * typecheck (`npm run typecheck`, run by CI): each `@ts-expect-error` fails the typecheck if the
 * call after it ever compiles, e.g. because `api` started to accept a path of its own.
 */
function neverRun() {
  // @ts-expect-error a path that is not in the contract
  void api({ method: 'GET', path: 'no-such-list', access: 'public', answer: z.object({}) });
  // @ts-expect-error a path written by hand, even one that exists
  void api('adjust-inventory');
  // @ts-expect-error a route written by hand, even one that exists
  void api({ method: 'GET', path: 'adjust-inventory', list: true });
  // @ts-expect-error the path's :id must be given
  void api(routes.adjust.get);
  // @ts-expect-error the body must be the contract's
  void api(routes.adjust.reverse, { params: { id: 1 }, body: { status: 'maybe' } });
  // @ts-expect-error a record's :id must be given too
  void api(records.customer.statement);
  // @ts-expect-error the endpoint itself is not a route (it would load its schemas)
  void api(adjustEndpoints.get, { params: { id: 1 } });
}

const isList = (query: unknown) => (query as ListSpec | undefined)?.kind === 'list';

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

  it('calls each endpoint by its route: same names, method, path, access and kind of query', () => {
    const { publicList, ...called } = routes;
    expect(Object.keys(called).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [area, list] of Object.entries(endpoints)) {
      const areaRoutes = called[area as keyof typeof called] as Record<string, unknown>;
      expect(Object.keys(areaRoutes).sort(), area).toEqual(Object.keys(list).sort());
      for (const [name, e] of Object.entries(list)) {
        expect(areaRoutes[name], `${area}.${name}`).toEqual({
          method: e.method,
          path: e.path,
          access: e.access,
          ...(isList(e.query) ? { list: true } : {}),
        });
      }
    }
    for (const [name, route] of Object.entries(publicList)) {
      const resource = resources[name as keyof typeof resources];
      expect(resource.publicList, name).toBe(true);
      expect(route.path).toBe(`${resource.path}/public`);
    }
  });

  it("calls the resource factory's records at their contracts' paths, with the factory's permissions", () => {
    const contracts = {
      customer: customerContract,
      supplier: resources.supplier,
      role: identityResources.role,
      permission: identityResources.permission,
      paymentMethod: resources.paymentMethod,
      pageSize: resources.pageSize,
      till: resources.till,
      productVariant: productVariantResource,
      user: { path: routes.user.list.path, entity: 'user' },
      account: { path: routes.account.list.path, entity: 'account' },
    };
    expect(Object.keys(records).sort()).toEqual(Object.keys(contracts).sort());
    for (const [name, contract] of Object.entries(contracts)) {
      const r = records[name as keyof typeof records];
      expect(r.list, name).toEqual({ method: 'GET', path: contract.path, access: `readAll-${contract.entity}`, list: true });
      expect(r.get, name).toEqual({ method: 'GET', path: `${contract.path}/:id`, access: `readSingle-${contract.entity}` });
      expect(r.create.path, name).toBe(contract.path);
      expect(r.setStatus, name).toEqual({ method: 'PATCH', path: `${contract.path}/:id`, access: `delete-${contract.entity}` });
    }
    expect(records.customer.statement).toEqual(records.customer.get);
    expect(records.supplier.report).toEqual({ method: 'GET', path: resources.supplier.path, access: 'readAll-supplier' });
  });
});
