/**
 * The till's own database in the browser (IndexedDB `tillbook-till`, issue 33): the catalogue's local copy
 * (`products`) and of the customers (`customers`), the sales it keeps for returns (`sales`), the queue of sales not yet posted (`queue`) and small values (`meta`: the copy's cursor, the
 * receipt counters). It outlives a reload, a closed tab and a signed-out session, so a queued sale is never lost.
 */
export type StoreName = 'products' | 'customers' | 'sales' | 'queue' | 'meta';

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open('tillbook-till', 3);
    request.onupgradeneeded = () => {
      const db = request.result;
      // version 1: the catalogue, the queue, small values; 2: the customers; 3: the sales kept (each made when missing)
      const stores = { products: 'id', customers: 'id', sales: 'singleSaleInvoice.id', queue: 'key', meta: 'name' } as const;
      for (const [name, keyPath] of Object.entries(stores))
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

const answerOf = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Every value of a store, in key order. */
export async function allOf<T>(store: StoreName): Promise<T[]> {
  const tx = (await database()).transaction(store, 'readonly');
  return answerOf(tx.objectStore(store).getAll() as IDBRequest<T[]>);
}

/** One value by its key, or undefined. */
export async function oneOf<T>(store: StoreName, key: IDBValidKey): Promise<T | undefined> {
  const tx = (await database()).transaction(store, 'readonly');
  return answerOf(tx.objectStore(store).get(key) as IDBRequest<T | undefined>);
}

/** Writes values and deletes keys in one transaction: all of it or none. */
export async function write(store: StoreName, put: readonly unknown[], remove: readonly IDBValidKey[] = []): Promise<void> {
  const tx = (await database()).transaction(store, 'readwrite');
  const objects = tx.objectStore(store);
  for (const value of put) objects.put(value);
  for (const key of remove) objects.delete(key);
  await finished(tx);
}
