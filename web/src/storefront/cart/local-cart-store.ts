import { useSyncExternalStore } from 'react';
import { storageKeys } from '../../lib/session.ts';
import type { LocalCartLine } from './local-cart.ts';
import { parseLocalCart } from './local-cart-parse.ts';

const changed = 'tillbook-cart';

export const readLocalCart = (): LocalCartLine[] => parseLocalCart(localStorage.getItem(storageKeys.cart));

/** Saves the lines (an empty cart removes the key) and tells this window's listeners. */
export function writeLocalCart(lines: LocalCartLine[]) {
  if (lines.length === 0) localStorage.removeItem(storageKeys.cart);
  else localStorage.setItem(storageKeys.cart, JSON.stringify(lines));
  window.dispatchEvent(new Event(changed));
}

function subscribe(listener: () => void) {
  window.addEventListener(changed, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(changed, listener);
    window.removeEventListener('storage', listener);
  };
}

// the snapshot must stay the same object while the stored text is the same
let lastRaw: string | null | undefined;
let lastLines: LocalCartLine[] = [];
function snapshot(): LocalCartLine[] {
  const raw = localStorage.getItem(storageKeys.cart);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastLines = parseLocalCart(raw);
  }
  return lastLines;
}

/** The local cart, following every change here and in other tabs. */
export function useLocalCart(): LocalCartLine[] {
  return useSyncExternalStore(subscribe, snapshot);
}
