import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LedgerRow, type PurchaseLine, routes } from '@tillbook/contract';
import { Button, Descriptions, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { LinesTable, money, productCell } from '../../ui/document/LinesTable.tsx';
import { PaymentStatusTag } from '../../ui/document/PaymentStatusTag.tsx';
import { PaidBySelect } from './PaidBySelect.tsx';

/** One purchase invoice opened in the list: lines, what the ledger derives, its ledger rows and a payment of the due. */
export function PurchaseDetail({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [amount, setAmount] = useState<number | null>(null);
  const [methodId, setMethodId] = useState<number | undefined>();
  const [back, setBack] = useState<Record<number, number | null>>({});
  const payment = useSubmission();
  const giving = useSubmission();
  const detail = useQuery({ queryKey: ['purchase-invoice', id], queryFn: () => must(api(routes.purchaseInvoice.get, { params: { id } })) });
  const d = detail.data;

  async function pay() {
    if (!amount) return;
    const body = { purchaseInvoiceNo: id, paidAmount: [{ amount, paymentType: methodId }] };
    const result = await payment.submit(body, (headers) => api(routes.purchasePayment.create, { body }, { toast: true, headers }));
    if (!result || result.error !== undefined) return;
    notify.success('Payment added successfully');
    setAmount(null);
    await queryClient.invalidateQueries({ queryKey: ['purchase-invoice', id] });
    await queryClient.invalidateQueries({ queryKey: ['list', routes.purchaseInvoice.list.path] });
  }

  async function giveBack() {
    const lines = Object.entries(back)
      .filter(([, q]) => q)
      .map(([lineId, q]) => ({ purchaseInvoiceProductId: Number(lineId), productQuantity: q }));
    if (!lines.length) return;
    const body = {
      purchaseInvoiceId: id,
      returnPurchaseInvoiceProduct: lines as { purchaseInvoiceProductId: number; productQuantity: number }[],
    };
    const result = await giving.submit(body, (headers) => api(routes.returnPurchase.create, { body }, { toast: true, headers }));
    if (!result || result.error !== undefined) return;
    notify.success('Purchase return added');
    setBack({});
    await queryClient.invalidateQueries({ queryKey: ['purchase-invoice', id] });
    await queryClient.invalidateQueries({ queryKey: ['list'] });
  }

  const canReturn = d?.singlePurchaseInvoice.state === 'active' && can('create-returnPurchaseInvoice');

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <LinesTable<PurchaseLine>
        rowKey="id"
        loading={detail.isLoading}
        lines={d?.singlePurchaseInvoice.purchaseInvoiceProduct ?? []}
        columns={[
          { key: 'name', title: 'Product', render: (_, l) => productCell(l.product) },
          { key: 'qty', title: 'Quantity', dataIndex: 'productQuantity', align: 'right' },
          { key: 'cost', title: 'Unit cost', align: 'right', render: (_, l) => money(l.productUnitPurchasePrice) },
          { key: 'net', title: 'Amount', align: 'right', render: (_, l) => money(l.productFinalAmount) },
          { key: 'vat', title: 'VAT', align: 'right', render: (_, l) => `${l.tax} % / ${money(l.taxAmount)}` },
          { key: 'returned', title: 'Returned', dataIndex: 'returnedQuantity', align: 'right' },
          ...(canReturn
            ? [
                {
                  key: 'back',
                  title: 'Return now',
                  render: (_: unknown, l: PurchaseLine) => (
                    <InputNumber
                      aria-label={`Return of ${l.product.name}`}
                      value={back[l.id] ?? null}
                      onChange={(v) => setBack((c) => ({ ...c, [l.id]: v }))}
                      style={{ width: 90 }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {canReturn && (
        <Button onClick={giveBack} loading={giving.busy} disabled={!Object.values(back).some(Boolean)}>
          Return to supplier
        </Button>
      )}
      {d && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
          <Descriptions.Item label="Total with VAT">{money(d.totalAmount)}</Descriptions.Item>
          <Descriptions.Item label="Paid">{money(d.totalPaidAmount)}</Descriptions.Item>
          <Descriptions.Item label="Returned">{money(d.totalReturnAmount)}</Descriptions.Item>
          <Descriptions.Item label="Paid back">{money(d.instantPaidReturnAmount)}</Descriptions.Item>
          <Descriptions.Item label="Due">{money(d.dueAmount)}</Descriptions.Item>
          <Descriptions.Item label="Status">
            <PaymentStatusTag status={d.singlePurchaseInvoice.paymentStatus} />
          </Descriptions.Item>
        </Descriptions>
      )}
      {d && d.dueAmount > 0 && d.singlePurchaseInvoice.state === 'active' && can('create-paymentPurchaseInvoice') && (
        <Space wrap>
          <InputNumber aria-label="Payment amount" placeholder="Amount" value={amount} onChange={setAmount} style={{ width: 160 }} />
          <PaidBySelect value={methodId} onChange={setMethodId} />
          <Button onClick={pay} loading={payment.busy}>
            Pay supplier
          </Button>
        </Space>
      )}
      <Typography.Text strong>Ledger</Typography.Text>
      <LinesTable<LedgerRow>
        rowKey="id"
        lines={d?.transactions ?? []}
        columns={[
          { key: 'date', title: 'Date', dataIndex: 'date' },
          { key: 'debit', title: 'Debit', render: (_, r) => r.debit.name },
          { key: 'credit', title: 'Credit', render: (_, r) => r.credit.name },
          { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.amount) },
          { key: 'what', title: 'Particulars', dataIndex: 'particulars' },
        ]}
      />
    </Space>
  );
}
