import { oneOf, write } from './idb.ts';

/**
 * The till's next receipt reference (issue 33): `T<till>-<YYYYMMDD>-<nnnn>`, counted per till and day on this
 * device, under a lock across its tabs so two tabs never take the same one. Printed on the receipt before the
 * server gives the sale its gap-free number; it stays on the invoice.
 */
export async function nextReference(tillId: number, today: string): Promise<string> {
  const name = `receipt:${tillId}:${today}`;
  const take = async () => {
    const next = ((await oneOf<{ name: string; value: number }>('meta', name))?.value ?? 0) + 1;
    await write('meta', [{ name, value: next }]);
    return `T${tillId}-${today.replaceAll('-', '')}-${String(next).padStart(4, '0')}`;
  };
  return navigator.locks ? navigator.locks.request('tillbook-receipt-reference', take) : take();
}
