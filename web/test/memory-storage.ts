/**
 * A small in-memory Storage for unit tests in node, put on globalThis as localStorage so the
 * web's own session code runs unchanged.
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  /** Everything stored, as a plain object (what `{...localStorage}` gives in a browser). */
  entries(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

/** Installs a fresh in-memory localStorage on globalThis and answers it. */
export function installMemoryStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return storage;
}
