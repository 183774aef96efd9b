import { isProductPage, type ProductRow, routes } from '@tillbook/contract';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Finds a product for a document line by name or SKU and Enter, which is also what a barcode scanner
 * types: an exact SKU or name, or a single match, is added at once; several matches are offered as
 * buttons; none is said in a notice.
 */
export function ProductFinder({ onAdd, autoFocus }: { onAdd: (product: ProductRow) => void; autoFocus?: boolean }) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<ProductRow[]>([]);

  const add = (product: ProductRow) => {
    setMatches([]);
    setText('');
    onAdd(product);
  };

  async function find(key: string) {
    if (!key.trim()) return;
    const result = await api(routes.product.list, { query: { query: 'search', key: key.trim() } }, { toast: true });
    if (result.error !== undefined || !isProductPage(result.data)) return;
    const found = result.data.getAllProduct;
    const exact = found.find((p) => same(p.sku, key)) ?? found.find((p) => same(p.name, key));
    if (exact) add(exact);
    else if (found.length === 1) add(found[0]!);
    else if (found.length === 0) notify.error(`No product matches "${key.trim()}"`);
    else setMatches(found);
  }

  return (
    <>
      <Input.Search
        placeholder="Product name or SKU, or scan a barcode"
        aria-label="Find product"
        enterButton="Add"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={find}
        style={{ maxWidth: 480 }}
        autoFocus={autoFocus}
      />
      {matches.length > 0 && (
        <Space wrap aria-label="Matching products">
          {matches.map((p) => (
            <Button key={p.id} onClick={() => add(p)}>{`${p.name} (${p.sku})`}</Button>
          ))}
        </Space>
      )}
    </>
  );
}
