import type { z } from 'zod';
import type { Access, ListSpec, Method } from './endpoint.ts';
import type { identityResources } from './identity.ts';
import type { ProductVariant } from './product.ts';
import type { supplierReportOut } from './purchasing/purchase-endpoints.ts';
import type { resources } from './resources.ts';
import type { Route, RouteOf } from './route-types.ts';
import type { CustomerDetail, customerContract } from './selling/customer.ts';
import type { StatusText } from './status.ts';

/**
 * The records the resource factory serves (plain resources, customers, suppliers, roles, permissions),
 * called by the web like any endpoint: `api(route, ...)` with a route of the contract whose type carries
 * the answer, so no page writes a path or an answer type by hand. The routes are plain data (no zod).
 */

/** A record as the resource factory answers it: its columns, flags as 'true'/'false', times as ISO text. */
export type ResourceRecord = { id: number; status: StatusText; createdAt: string; updatedAt: string } & Record<string, unknown>;
/** One resource's record: its input's fields as stored, and the record fields. */
export type RecordOf<C extends { input: z.ZodType }> = ResourceRecord & z.output<C['input']>;
/** The factory's list answer: `getAll<listName>` rows and `total<listName>` (or the resource's own total key). */
export type RecordList<Row = ResourceRecord> = Record<string, Row[] | number | undefined>;

/** The type of one call: its method, path, body and answer (type only: the route carries it, nothing loads a schema). */
type Call<M extends Method, P extends string, Answer, Body = undefined, List extends boolean = false> = {
  method: M;
  path: P;
  access: Access;
  answer: z.ZodType<Answer>;
} & (Body extends undefined ? unknown : { body: z.ZodType<unknown, Body> }) &
  (List extends true ? { query: ListSpec } : unknown);

type WithId = `${string}/:id`;
/** What a list page writes: the form's values, checked by the contract's schema before they are sent. */
export type RecordValues = Record<string, unknown>;

/** The calls a record list page makes. */
export interface RecordRoutes<Row = ResourceRecord> {
  list: RouteOf<Call<'GET', string, RecordList<Row>, undefined, true>>;
  get: RouteOf<Call<'GET', WithId, Row>>;
  create: RouteOf<Call<'POST', string, unknown, RecordValues>>;
  update: RouteOf<Call<'PUT' | 'POST', WithId, unknown, RecordValues>>;
  setStatus: RouteOf<Call<'PATCH', WithId, unknown, { status: StatusText }>>;
  delete: RouteOf<Call<'DELETE', WithId, unknown>>;
}

const permission = (action: string, entity: string) => `${action}-${entity}` as Access;

/**
 * The factory's routes of a record: list and get, create (at `createPath` when it differs, e.g. a user's
 * `user/register`), update (PUT, or POST when the contract says), status (PATCH) and delete, each with the
 * permission the factory requires.
 */
export function recordRoutes<Row = ResourceRecord>(c: {
  path: string;
  entity: string;
  postUpdate?: boolean;
  createPath?: string;
}): RecordRoutes<Row> {
  const route = (method: Method, path: string, action: string, list?: true): Route => ({
    method,
    path,
    access: permission(action, c.entity),
    ...(list ? { list } : {}),
  });
  const one = `${c.path}/:id`;
  return {
    list: route('GET', c.path, 'readAll', true),
    get: route('GET', one, 'readSingle'),
    create: route('POST', c.createPath ?? c.path, 'create'),
    update: route(c.postUpdate ? 'POST' : 'PUT', one, 'update'),
    setStatus: route('PATCH', one, 'delete'),
    delete: route('DELETE', one, 'delete'),
  } as unknown as RecordRoutes<Row>;
}

/** A payment method as listed: its record and where its money lands. */
export type PaymentMethodRecord = RecordOf<typeof resources.paymentMethod> & {
  /** 'true' when the method's money lands in the Cash account (worked out by the server). */
  cash: StatusText;
};
export type PageSizeRecord = RecordOf<typeof resources.pageSize>;
/** A till as listed: its drawer's account and its open session, if any (worked out by the server). */
export type TillRecord = RecordOf<typeof resources.till> & { subAccountId: number; openSessionId: number | null };
export type CustomerRecord = RecordOf<typeof customerContract>;
export type PermissionRecord = RecordOf<typeof identityResources.permission>;
export type RoleRecord = RecordOf<typeof identityResources.role>;

/** The rows of a factory list answer (`getAll<listName>`). */
export function rowsOf<Row>(answer: RecordList<Row> | undefined, listName: string): Row[] {
  const rows = answer?.[`getAll${listName}`];
  return Array.isArray(rows) ? rows : [];
}

/** The row count of a factory list answer (`total<listName>`, or the resource's own key). */
export function totalOf(answer: RecordList<unknown> | undefined, key: string): number {
  const total = answer?.[key];
  return typeof total === 'number' ? total : 0;
}

/** The records pages read beyond their lists: each with its answer's type. */
export interface RecordCalls {
  customer: RecordRoutes<CustomerRecord> & {
    /** The customer with its statement. */
    statement: RouteOf<Call<'GET', 'customer/:id', CustomerDetail>>;
  };
  supplier: RecordRoutes & {
    /** `?query=report`: every active supplier's figures and the grand totals (reference 3.14). */
    report: RouteOf<Call<'GET', 'supplier', z.output<typeof supplierReportOut>>>;
  };
  role: RecordRoutes<RoleRecord> & {
    /** The role with the permissions it holds. */
    withPermissions: RouteOf<Call<'GET', 'role/:id', RoleRecord & { permissions: { id: number; name: string }[] }>>;
  };
  permission: RecordRoutes<PermissionRecord>;
  /** Staff accounts, as the selects that pick a salesperson or an employee read them. */
  user: RecordRoutes;
  /** The chart of accounts' sub-accounts (`?type=sa`), as the selects of a ledger account read them. */
  account: RecordRoutes;
  paymentMethod: RecordRoutes<PaymentMethodRecord>;
  pageSize: RecordRoutes<PageSizeRecord>;
  till: RecordRoutes<TillRecord>;
  /** A product's variants (issue 32): `?productId=` lists one product's. */
  productVariant: RecordRoutes<ProductVariant>;
}

/**
 * The routes of `RecordCalls`, as data. The paths are written here, not read from the resources' contracts,
 * so that calling loads no schema; `web/test/contract-calls.test.ts` holds them to the contracts.
 */
function recordCalls(): RecordCalls {
  const customer = recordRoutes({ path: 'customer', entity: 'customer' });
  const supplier = recordRoutes({ path: 'supplier', entity: 'supplier' });
  const role = recordRoutes({ path: 'role', entity: 'role' });
  return {
    customer: { ...customer, statement: customer.get },
    supplier: { ...supplier, report: { method: 'GET', path: 'supplier', access: 'readAll-supplier' } },
    role: { ...role, withPermissions: role.get },
    permission: recordRoutes({ path: 'permission', entity: 'permission' }),
    user: recordRoutes({ path: 'user', entity: 'user' }),
    account: recordRoutes({ path: 'account', entity: 'account' }),
    paymentMethod: recordRoutes({ path: 'payment-method', entity: 'paymentMethod' }),
    pageSize: recordRoutes({ path: 'page-size', entity: 'pageSize' }),
    till: recordRoutes({ path: 'till', entity: 'till' }),
    productVariant: recordRoutes({ path: 'product-variant', entity: 'product' }),
  } as unknown as RecordCalls;
}

/**
 * `records.<name>.<call>`: what the admin screens call on the records the resource factory serves. Kept
 * apart from `routes` so that the storefront's first load, which imports `routes`, does not carry them.
 */
export const records = recordCalls();
