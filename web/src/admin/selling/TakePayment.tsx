import { useQueryClient } from '@tanstack/react-query';
import { resources, routes, sellingMessages } from '@tillbook/contract';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

interface Tender {
  paymentType?: number;
  amount: number | null;
}

const methods = refTo(resources.paymentMethod);

/**
 * A payment of (part of) a sale's due, split across payment methods: one row per method and amount
 * (POST payment-sale-invoice). The server refuses more than the due with the spec's message.
 */
export function TakePayment({ saleId, due }: { saleId: number; due: number }) {
  const queryClient = useQueryClient();
  const [tenders, setTenders] = useState<Tender[]>([{ amount: due }]);
  const submission = useSubmission();
  const change = (index: number, patch: Partial<Tender>) => setTenders((c) => c.map((t, i) => (i === index ? { ...t, ...patch } : t)));
  const given = tenders.filter((t) => t.amount);

  async function pay() {
    if (given.some((t) => !t.paymentType)) {
      notify.error('Choose a payment method for each amount');
      return;
    }
    const body = { saleInvoiceNo: saleId, paidAmount: given.map((t) => ({ paymentType: t.paymentType!, amount: t.amount! })) };
    const result = await submission.submit(body, (headers) => api(routes.salePayment.create, { body }, { toast: true, headers }));
    if (!result || result.error !== undefined) return;
    notify.success(sellingMessages.paymentAdded);
    setTenders([{ amount: result.data.dueAmount || null }]);
    await queryClient.invalidateQueries({ queryKey: ['sale-invoice', saleId] });
    await queryClient.invalidateQueries({ queryKey: ['list'] });
  }

  return (
    <section aria-label="Take payment">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text strong>{`Take payment (due ${money(due)})`}</Typography.Text>
        {tenders.map((t, index) => (
          // the rows have no identity of their own: a row is its place in the list
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Space key={index} wrap>
            <RefSelect
              source={methods}
              required
              aria-label={`Payment method ${index + 1}`}
              placeholder="Payment method"
              value={t.paymentType}
              onChange={(v) => change(index, { paymentType: v as number })}
              style={{ width: 180 }}
            />
            <InputNumber
              aria-label={`Amount ${index + 1}`}
              placeholder="Amount"
              min={0}
              value={t.amount}
              onChange={(v) => change(index, { amount: v })}
              style={{ width: 120 }}
            />
            {tenders.length > 1 && (
              <Button size="small" onClick={() => setTenders((c) => c.filter((_, i) => i !== index))}>
                Remove
              </Button>
            )}
          </Space>
        ))}
        <Space wrap>
          <Button onClick={() => setTenders((c) => [...c, { amount: null }])}>Split with another method</Button>
          <Button type="primary" loading={submission.busy} disabled={!given.length} onClick={pay}>
            Take payment
          </Button>
        </Space>
      </Space>
    </section>
  );
}
