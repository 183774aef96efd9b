import { isProductPage, type ProductRow, routes } from '@tillbook/contract';
import { Button, Input, type InputRef, Space } from 'antd';
import { type KeyboardEvent, type Ref, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The server's search for a document line (`query=search`): its page, or null after saying why not. */
async function serverSearch(key: string): Promise<ProductRow[] | null> {
  const result = await api(routes.product.list, { query: { query: 'search', key } }, { toast: true });
  return result.error !== undefined || !isProductPage(result.data) ? null : result.data.getAllProduct;
}

/**
 * Finds a product for a document line by name or SKU and Enter, which is also what a barcode scanner
 * types: an exact SKU or name, or a single match, is added at once; several matches are offered as
 * buttons, chosen with a click or with the arrow keys and Enter; none is said in a notice. A variant's SKU
 * or barcode finds its product with `scannedVariantId` set: that product is added at once.
 *
 * A scanner types a whole code and Enter in a few milliseconds, and the next code right after: each Enter
 * takes the text typed before it and empties the box at once, and the lookups (and the adds they lead to)
 * run one after another in the order of the Enters, so no scan is lost, merged or reordered.
 */
export function ProductFinder({
  onAdd,
  autoFocus,
  inputRef,
  search = serverSearch,
}: {
  /** Adds the product; the next queued lookup waits for the promise it answers, if any. */
  onAdd: (product: ProductRow) => unknown;
  autoFocus?: boolean;
  /** The search box, for a screen that puts the focus back in it (the till). */
  inputRef?: Ref<InputRef>;
  /** Finds the products a key names (null: it could not, and said so); the server's search unless given (the till's copy offline). */
  search?: (key: string) => Promise<ProductRow[] | null>;
}) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<ProductRow[]>([]);
  const [active, setActive] = useState(0);
  // the lookups not yet done, chained in the order their Enter was pressed
  const queue = useRef<Promise<void>>(Promise.resolve());
  const enqueue = (job: () => unknown) => {
    queue.current = queue.current.then(job).then(
      () => undefined,
      () => undefined,
    );
  };

  /** One of the offered matches, chosen by a click or the arrows and Enter. */
  const add = (product: ProductRow) => {
    setMatches([]);
    setText('');
    enqueue(() => onAdd(product));
  };

  async function lookUp(key: string) {
    const found = await search(key);
    if (!found) return;
    // a variant's SKU or barcode: its product comes first, naming the variant scanned
    const scanned = found[0]?.scannedVariantId ? found[0] : undefined;
    const exact = scanned ?? found.find((p) => same(p.sku, key)) ?? found.find((p) => same(p.name, key));
    const chosen = exact ?? (found.length === 1 ? found[0] : undefined);
    if (chosen) return void (await onAdd(chosen));
    if (found.length === 0) return void notify.error(`No product matches "${key}"`);
    // several: offered under the box, with the text that found them, for the arrows and Enter
    setText((now) => now || key);
    setActive(0);
    setMatches(found);
  }

  /** Enter or Add: the text typed so far is taken and the box emptied at once, for the next scan. */
  function find(typed: string) {
    // Enter on the offered matches takes the one the arrows chose
    if (matches.length > 0 && matches[active]) return add(matches[active]);
    const key = typed.trim();
    if (!key) return;
    setText('');
    enqueue(() => lookUp(key));
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (!matches.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (event.key === 'Escape') setMatches([]);
  };

  return (
    <>
      <Input.Search
        ref={inputRef}
        placeholder="Product name or SKU, or scan a barcode"
        aria-label="Find product"
        enterButton="Add"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setMatches([]);
        }}
        onKeyDown={onKeyDown}
        onSearch={find}
        style={{ maxWidth: 480 }}
        autoFocus={autoFocus}
      />
      {matches.length > 0 && (
        <Space wrap aria-label="Matching products">
          {matches.map((p, index) => (
            <Button key={p.id} type={index === active ? 'primary' : 'default'} aria-current={index === active} onClick={() => add(p)}>
              {`${p.name} (${p.sku})`}
            </Button>
          ))}
        </Space>
      )}
    </>
  );
}
