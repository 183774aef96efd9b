// Helper A builds this file: the chart of accounts' writes.
import type { DbOrTx } from '../../platform/db.ts';

export async function createSubAccount(_tx: DbOrTx, _body: { name: string; accountId: number }): Promise<never> {
  throw new Error('not built yet');
}
export async function updateSubAccount(_tx: DbOrTx, _id: number, _body: { name?: string; accountId?: number }): Promise<never> {
  throw new Error('not built yet');
}
export async function setSubAccountStatus(_tx: DbOrTx, _id: number, _status: 'true' | 'false'): Promise<never> {
  throw new Error('not built yet');
}
export async function deleteSubAccount(_tx: DbOrTx, _id: number): Promise<never> {
  throw new Error('not built yet');
}
