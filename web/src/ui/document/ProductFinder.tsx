import { isProductPage, type ProductRow, routes } from '@tillbook/contract';
import { Button, Input, type InputRef, Space } from 'antd';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Finds a product for a document line by name or SKU and Enter, which is also what a barcode scanner
 * types: an exact SKU or name, or a single match, is added at once; several matches are offered as
 * buttons, chosen with a click or with the arrow keys and Enter; none is said in a notice.
 */
export function ProductFinder({
  onAdd,
  autoFocus,
  inputRef,
}: {
  onAdd: (product: ProductRow) => void;
  autoFocus?: boolean;
  /** The search box, for a screen that puts the focus back in it (the till). */
  inputRef?: Ref<InputRef>;
}) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<ProductRow[]>([]);
  const [active, setActive] = useState(0);

  const add = (product: ProductRow) => {
    setMatches([]);
    setText('');
    onAdd(product);
  };

  async function find(key: string) {
    if (!key.trim()) return;
    // Enter on the offered matches takes the one the arrows chose
    if (matches.length > 0 && matches[active]) return add(matches[active]);
    const result = await api(routes.product.list, { query: { query: 'search', key: key.trim() } }, { toast: true });
    if (result.error !== undefined || !isProductPage(result.data)) return;
    const found = result.data.getAllProduct;
    const exact = found.find((p) => same(p.sku, key)) ?? found.find((p) => same(p.name, key));
    if (exact) add(exact);
    else if (found.length === 1) add(found[0]!);
    else if (found.length === 0) notify.error(`No product matches "${key.trim()}"`);
    else {
      setActive(0);
      setMatches(found);
    }
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
