import { type Action, actions, entities, resources } from '@tillbook/contract';

/** The notice after a role's set is saved (the spec gives no wording for it). */
export const permissionsSaved = 'Role permissions saved successfully';

export interface PermissionRecord {
  id: number;
  name: string;
}

/** One row of the matrix: an entity and the id of each of its permissions that exists. */
export interface MatrixRow {
  entity: string;
  label: string;
  cells: Partial<Record<Action, number>>;
}

const resourceLabels = new Map<string, string>(Object.values(resources).map((r) => [r.entity, r.label]));

/** 'rolePermission' → 'Role permission'; plain resources use their own label ('color' → 'Colour'). */
export function entityLabel(entity: string): string {
  const known = resourceLabels.get(entity);
  if (known) return known;
  const words = entity.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const order = new Map<string, number>(entities.map((e, i) => [e, i]));

/** Rows in the catalogue's order (unknown entities last, by name); only the actions that exist get a cell. */
export function buildMatrix(catalogue: PermissionRecord[]): MatrixRow[] {
  const byEntity = new Map<string, MatrixRow>();
  for (const p of catalogue) {
    const dash = p.name.indexOf('-');
    if (dash < 1) continue;
    const action = p.name.slice(0, dash) as Action;
    if (!actions.includes(action)) continue;
    const entity = p.name.slice(dash + 1);
    let row = byEntity.get(entity);
    if (!row) {
      row = { entity, label: entityLabel(entity), cells: {} };
      byEntity.set(entity, row);
    }
    row.cells[action] = p.id;
  }
  const rank = (e: string) => order.get(e) ?? Number.MAX_SAFE_INTEGER;
  return [...byEntity.values()].sort((a, b) => rank(a.entity) - rank(b.entity) || a.entity.localeCompare(b.entity));
}

export const rowIds = (row: MatrixRow) => Object.values(row.cells);
export const columnIds = (rows: MatrixRow[], action: Action) =>
  rows.flatMap((row) => (row.cells[action] === undefined ? [] : [row.cells[action]!]));

/** How many of the ids are chosen: none, some or all (for a toggle's checked and indeterminate states). */
export function coverage(chosen: ReadonlySet<number>, ids: number[]): 'none' | 'some' | 'all' {
  const n = ids.filter((id) => chosen.has(id)).length;
  if (n === 0) return 'none';
  return n === ids.length ? 'all' : 'some';
}

/** Ticks every id when not all are ticked, else clears them all. */
export function toggleAll(chosen: ReadonlySet<number>, ids: number[]): Set<number> {
  const next = new Set(chosen);
  const on = coverage(chosen, ids) !== 'all';
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

export function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
