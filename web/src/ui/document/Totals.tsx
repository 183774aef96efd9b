import { Descriptions } from 'antd';
import type { ReactNode } from 'react';

/** A list's or a document's figures, label beside value: three across on a wide screen, one under another on a phone. */
export function Totals({ items, label = 'Totals' }: { items: [string, ReactNode][]; label?: string }) {
  return (
    <section aria-label={label}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 3, xl: 4 }}
        items={items.map(([name, value]) => ({ key: name, label: name, children: value }))}
      />
    </section>
  );
}
