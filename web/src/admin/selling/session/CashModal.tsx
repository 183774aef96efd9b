import { routes } from '@tillbook/contract';
import { Form, Input, InputNumber, Modal, Segmented } from 'antd';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notices.tsx';
import { useSubmission } from '../../../lib/use-submission.ts';

type CashType = 'IN' | 'OUT' | 'DROP';

/** Pay in, pay out, or drop cash from the drawer to the safe: a document of the session. */
export function CashModal({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const [type, setType] = useState<CashType>('OUT');
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submission = useSubmission();

  async function save() {
    const body = { type, amount: amount ?? 0, reason };
    const answer = await submission.submit(body, (headers) =>
      api(routes.tillSession.cash, { params: { id: sessionId }, body }, { headers }),
    );
    if (!answer) return;
    if (answer.error !== undefined) {
      setFields(answer.fields ?? {});
      return notify.error(answer.error);
    }
    notify.success(answer.data.message);
    onClose();
  }
  return (
    <Modal open title="Cash in / out" okText="Save" onOk={() => void save()} confirmLoading={submission.busy} onCancel={onClose}>
      <Form layout="vertical">
        <Segmented
          aria-label="Cash movement"
          value={type}
          onChange={(v) => setType(v as CashType)}
          options={[
            { value: 'IN', label: 'Pay in' },
            { value: 'OUT', label: 'Pay out' },
            { value: 'DROP', label: 'Drop to safe' },
          ]}
        />
        <Form.Item label="Amount" validateStatus={fields.amount ? 'error' : undefined} help={fields.amount}>
          <InputNumber
            aria-label="Amount"
            min={0}
            step={0.01}
            precision={2}
            value={amount}
            onChange={setAmount}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="Reason" validateStatus={fields.reason ? 'error' : undefined} help={fields.reason}>
          <Input aria-label="Reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
