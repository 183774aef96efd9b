import { customerName, routes } from '@tillbook/contract';
import { Alert, Space } from 'antd';
import { useState } from 'react';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { OrderLink } from '../orders/order-format.tsx';
import { ReOrderButton } from './ReOrderButton.tsx';
import { ReturnLink } from './return-format.tsx';
import type { ReturnRow } from './return-types.ts';

const filters = ['sort', 'order'] as const;

/**
 * The replacements to send: returns received whose shopper asked for the product again (RESEND);
 * "Make the replacement order" makes it and links to it.
 */
export default function ResendListPage() {
  const list = useListParams({ filters });
  const { can } = usePermissions();
  const mayMake = can('update-returnCartOrder');
  const [made, setMade] = useState<{ returnId: number; orderId: number }[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}
      {made.map((m) => (
        <Alert
          key={m.returnId}
          type="success"
          showIcon
          title={
            <span>
              Return #{m.returnId}: replacement <OrderLink id={m.orderId} /> made.
            </span>
          }
        />
      ))}
      <DocumentListPage<typeof routes.returnOrder.resend, ReturnRow>
        title="Resends"
        endpoint={routes.returnOrder.resend}
        list={list}
        emptyText="No replacement to send"
        rows={(a) => a.getAllReturnCartOrder}
        total={(a) => a.totalReturnCartOrder}
        rowKey="id"
        columns={[
          { key: 'id', title: 'Return', sorter: true, render: (_, r) => <ReturnLink id={r.id} /> },
          { key: 'date', title: 'Date', dataIndex: 'date', sorter: true },
          { key: 'order', title: 'Order', render: (_, r) => <OrderLink id={r.cartOrderId} /> },
          { key: 'shopper', title: 'Shopper', render: (_, r) => customerName(r.customer) },
          { key: 'units', title: 'Units', align: 'right', render: (_, r) => r.totalQuantity },
          { key: 'totalAmount', title: 'Worth', align: 'right', sorter: true, render: (_, r) => money(r.totalAmount) },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, r) =>
              mayMake && (
                <ReOrderButton
                  returnId={r.id}
                  cartOrderId={r.cartOrderId}
                  onMade={(orderId) => {
                    setRefusal(null);
                    setMade((m) => [...m, { returnId: r.id, orderId }]);
                  }}
                  onRefused={setRefusal}
                />
              ),
          },
        ]}
      />
    </Space>
  );
}
