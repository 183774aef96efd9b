import { useQuery, useQueryClient } from '@tanstack/react-query';
import { customerName, routes, toCents, walkInCustomerName } from '@tillbook/contract';
import { Button, Drawer, Popconfirm, Space, Table } from 'antd';
import { api } from '../../../lib/api.ts';
import { moneyOfCents } from '../../../lib/format.ts';
import { must } from '../../../lib/http.ts';
import { notify } from '../../../lib/notices.tsx';
import type { CartLine, CartState } from './cart.ts';
import { heldVariants } from './till-variants.ts';

export const heldKey = ['till', 'held'];

/** A held sale, read back for the till: its lines at the prices it was held with (the server prices them again on completion). */
export async function loadHeld(
  id: number,
): Promise<{ lines: CartLine[]; customer: CartState['customer']; saleDiscount: CartState['saleDiscount'] } | string> {
  const answer = await api(routes.hold.get, { params: { id } });
  if (answer.error !== undefined) return answer.error;
  const held = answer.data;
  const variants = await heldVariants(held.saleInvoiceProduct);
  const lines = held.saleInvoiceProduct.map(
    (l): CartLine => ({
      productId: l.productId,
      ...(l.productVariantId ? { variantId: l.productVariantId, variantLabel: variants.get(l.productVariantId)?.variantLabel } : {}),
      name: l.product.name,
      sku: (l.productVariantId && variants.get(l.productVariantId)?.sku) || l.product.sku,
      unit: toCents(l.productUnitSalePrice),
      vatPercent: Number(l.tax),
      quantity: l.productQuantity,
      discount: toCents(l.productDiscount),
    }),
  );
  const customer =
    held.customer.username === walkInCustomerName
      ? null
      : { id: held.customerId, name: customerName(held.customer) || `#${held.customerId}` };
  return { lines, customer, saleDiscount: toCents(held.saleDiscount ?? 0) };
}

/** The parked carts: resume one into the till, or cancel it. */
export function HeldSales(props: { open: boolean; onClose: () => void; onResume: (id: number) => void }) {
  const queryClient = useQueryClient();
  const held = useQuery({
    queryKey: heldKey,
    queryFn: () => must(api(routes.hold.list, { query: { count: 100 } })),
    enabled: props.open,
  });

  async function cancel(id: number) {
    const answer = await api(routes.hold.cancel, { body: { invoiceId: id, status: 'false' } });
    if (answer.error !== undefined) return notify.error(answer.error);
    notify.success(`Held sale #${id} cancelled`);
    await queryClient.invalidateQueries({ queryKey: heldKey });
  }

  return (
    <Drawer title="Held sales" open={props.open} onClose={props.onClose} size="large" styles={{ wrapper: { maxWidth: '100vw' } }}>
      <Table
        size="small"
        aria-label="Held sales"
        rowKey="id"
        loading={held.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={held.data?.allHoldInvoice ?? []}
        locale={{ emptyText: 'No held sales' }}
        columns={[
          { key: 'id', title: 'No.', render: (_, s) => `#${s.id}` },
          { key: 'date', title: 'Date', dataIndex: 'date' },
          { key: 'customer', title: 'Customer', render: (_, s) => customerName(s.customer) },
          {
            key: 'total',
            title: 'Total',
            align: 'right',
            render: (_, s) => moneyOfCents(toCents(s.totalAmount) + toCents(s.totalTaxAmount)),
          },
          {
            key: 'actions',
            title: '',
            render: (_, s) => (
              <Space>
                <Button type="primary" size="small" aria-label={`Resume held sale ${s.id}`} onClick={() => props.onResume(s.id)}>
                  Resume
                </Button>
                <Popconfirm title={`Cancel held sale #${s.id}?`} okText="Cancel sale" cancelText="Keep" onConfirm={() => cancel(s.id)}>
                  <Button size="small" danger aria-label={`Cancel held sale ${s.id}`}>
                    Cancel
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
