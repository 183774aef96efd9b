import { useQuery, useQueryClient } from '@tanstack/react-query';
import { customerName, routes } from '@tillbook/contract';
import { Button, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { LinesTable, money, productCell } from '../../ui/document/LinesTable.tsx';
import { withVat } from './sale-format.tsx';
import type { HeldSale, SaleLine } from './sale-types.ts';

function HeldLines({ id }: { id: number }) {
  const held = useQuery({ queryKey: ['sale-invoice', 'hold', id], queryFn: () => must(api(routes.hold.get, { params: { id } })) });
  return (
    <LinesTable<SaleLine>
      rowKey="id"
      loading={held.isLoading}
      lines={held.data?.saleInvoiceProduct ?? []}
      columns={[
        { key: 'name', title: 'Product', render: (_, l) => productCell(l.product) },
        { key: 'qty', title: 'Quantity', dataIndex: 'productQuantity', align: 'right' },
        { key: 'price', title: 'Unit price', align: 'right', render: (_, l) => money(l.productUnitSalePrice) },
        { key: 'net', title: 'Amount', align: 'right', render: (_, l) => money(l.productFinalAmount) },
        { key: 'vat', title: 'VAT', align: 'right', render: (_, l) => money(l.taxAmount) },
      ]}
    />
  );
}

/** Carts parked at the till: each resumed there, or cancelled (nothing was moved or posted for them). */
export default function HeldSaleListPage() {
  const list = useListParams();
  const queryClient = useQueryClient();
  const { can } = usePermissions();

  async function cancel(row: HeldSale) {
    const result = await api(routes.hold.cancel, { body: { invoiceId: row.id, status: 'false' } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success('Held sale cancelled');
    await queryClient.invalidateQueries({ queryKey: ['list', routes.hold.list.path] });
  }

  return (
    <DocumentListPage<typeof routes.hold.list, HeldSale>
      title="Held sales"
      endpoint={routes.hold.list}
      list={list}
      rows={(a) => a.allHoldInvoice}
      total={(a) => a._count.id}
      rowKey="id"
      emptyText="No sale is on hold"
      expand={(row) => <HeldLines id={row.id} />}
      columns={[
        { key: 'id', title: 'No.', dataIndex: 'id' },
        { key: 'date', title: 'Date', dataIndex: 'date' },
        { key: 'customer', title: 'Customer', render: (_, r) => customerName(r.customer) },
        { key: 'salesperson', title: 'Salesperson', render: (_, r) => r.user.username },
        { key: 'total', title: 'Total', align: 'right', render: (_, r) => money(withVat(r.totalAmount, r.totalTaxAmount)) },
        { key: 'note', title: 'Note', dataIndex: 'note' },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, r) =>
            can('update-saleInvoice') && (
              <Space>
                <Link to={`/admin/pos?hold=${r.id}`}>
                  <Button size="small" type="primary">
                    Resume
                  </Button>
                </Link>
                <Popconfirm title="Cancel this held sale?" onConfirm={() => cancel(r)} okText="Cancel it" cancelText="Keep it">
                  <Button size="small" danger>
                    Cancel
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}
