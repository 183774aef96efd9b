import { useQueryClient } from '@tanstack/react-query';
import { type ReturnStatus, type ReturnType, routes } from '@tillbook/contract';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { returnMoveLabels, returnStatusLabels } from './return-format.tsx';

interface Props {
  returnId: number;
  cartOrderId: number;
  type: ReturnType;
  total: number;
  /** The statuses the transition table allows next (the detail's `nextStatuses`). */
  next: ReturnStatus[];
}

/** Only the step that fits what the shopper asked for: a refund for REFUND, a replacement for PRODUCT. */
const fits = (status: ReturnStatus, type: ReturnType) =>
  !((status === 'REFUNDED' && type !== 'REFUND') || (status === 'RESEND' && type !== 'PRODUCT') || status === 'RESENDED');

/**
 * A return's next steps as buttons, each asked to be sure first: the goods received (back into stock, the
 * sale reversed in the books), rejected (final), refunded (the money goes back) or a replacement to send.
 * A refusal (another desk moved it first) shows the server's words above the buttons.
 */
export function ReturnStatusActions({ returnId, cartOrderId, type, total, next }: Props) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState<ReturnStatus | null>(null);
  const steps = next.filter((s) => fits(s, type));

  const confirmations: Partial<Record<ReturnStatus, string>> = {
    RECEIVED: 'The goods are back? They go into stock and the sale is reversed in the books.',
    REJECTED: 'Reject this return? This is final.',
    REFUNDED: `Pay ${money(total)} back to the shopper?`,
    RESEND: 'Send a replacement? The replacement order is then made under Resends.',
  };

  async function move(returnCartOrderStatus: ReturnStatus) {
    setSaving(returnCartOrderStatus);
    setRefusal(null);
    const result = await api(routes.returnOrder.setStatus, { params: { id: returnId }, body: { returnCartOrderStatus } });
    setSaving(null);
    // whatever the answer, the page shows the return as it now is
    await queryClient.invalidateQueries({ queryKey: ['return-cart-order', returnId] });
    await queryClient.invalidateQueries({ queryKey: ['cart-order', cartOrderId] });
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    if (result.error !== undefined) {
      setRefusal(result.error);
      return;
    }
    notify.success(result.data.message || `Return #${returnId} is ${returnStatusLabels[returnCartOrderStatus].toLowerCase()}`);
  }

  if (steps.length === 0 && !refusal) return null;
  return (
    <section aria-label="Return actions">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}
        <Space wrap>
          {steps.map((status) => (
            <Popconfirm
              key={status}
              title={confirmations[status] ?? `${returnMoveLabels[status] ?? returnStatusLabels[status]}?`}
              okText={returnMoveLabels[status] ?? returnStatusLabels[status]}
              cancelText="Not yet"
              onConfirm={() => move(status)}
            >
              <Button type={status === 'REJECTED' ? 'default' : 'primary'} danger={status === 'REJECTED'} loading={saving === status}>
                {returnMoveLabels[status] ?? returnStatusLabels[status]}
              </Button>
            </Popconfirm>
          ))}
        </Space>
      </Space>
    </section>
  );
}
