import { Button, InputNumber, Space, Typography } from 'antd';
import type { Dispatch } from 'react';
import { moneyOfCents } from '../../../lib/format.ts';
import type { CartAction, Tender } from './cart.ts';
import type { TillMethod } from './till-data.ts';

/**
 * Split tender: an amount per payment method ("Rest" puts what is still due on that method), then
 * what is paid, the change (cash only) and what stays due.
 */
export function TenderPanel(props: {
  methods: TillMethod[];
  tenders: Tender[];
  total: number;
  settled: { paid: number; change: number; due: number; problem?: string };
  dispatch: Dispatch<CartAction>;
}) {
  const { methods, tenders, settled, dispatch } = props;
  const amountOf = (id: number) => tenders.find((t) => t.methodId === id)?.amount ?? 0;
  if (!methods.length)
    return <Typography.Text type="warning">No payment method yet: add Cash (and Card) under Settings › Payment methods.</Typography.Text>;
  return (
    <section aria-label="Payment" className="till-tender">
      {methods.map((m) => (
        <div key={m.id} className="till-tender-row">
          <label htmlFor={`tender-${m.id}`} style={{ flex: '1 1 auto', minWidth: 0 }}>
            {m.methodName}
          </label>
          <InputNumber
            id={`tender-${m.id}`}
            aria-label={`Paid by ${m.methodName}`}
            value={amountOf(m.id) ? amountOf(m.id) / 100 : null}
            placeholder="0.00"
            style={{ width: 110 }}
            onChange={(v) => dispatch({ type: 'tender', methodId: m.id, amount: Math.round(Number(v ?? 0) * 100) })}
          />
          <Button
            size="small"
            aria-label={`Rest by ${m.methodName}`}
            onClick={() => dispatch({ type: 'tender', methodId: m.id, amount: amountOf(m.id) + settled.due })}
          >
            Rest
          </Button>
        </div>
      ))}
      <Space orientation="vertical" size={0} style={{ width: '100%', marginTop: 8 }}>
        <div className="till-sum-row">
          <span>Paid</span>
          <span data-testid="till-paid">{moneyOfCents(settled.paid)}</span>
        </div>
        {settled.change > 0 && (
          <div className="till-sum-row till-change">
            <span>Change</span>
            <span data-testid="till-change">{moneyOfCents(settled.change)}</span>
          </div>
        )}
        {settled.due > 0 && (
          <div className="till-sum-row">
            <span>Due</span>
            <span data-testid="till-due">{moneyOfCents(settled.due)}</span>
          </div>
        )}
        {settled.problem && <Typography.Text type="danger">{settled.problem}</Typography.Text>}
      </Space>
    </section>
  );
}
