import { useQueryClient } from '@tanstack/react-query';
import { journalMessages, manualEntryLabels as labels, routes } from '@tillbook/contract';
import { Button, DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { subAccountSource } from './book-types.ts';
import { placeServerErrors } from './server-errors.ts';

interface Values {
  date: Dayjs;
  particulars: string;
  debitId: number;
  creditId: number;
  amount: number;
}

/** "New entry": a manual journal entry, debit and credit picked from the active sub-accounts. */
export function ManualEntryButton() {
  const [open, setOpen] = useState(false);
  const submission = useSubmission();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();

  async function save(values: Values) {
    const body = { ...values, date: values.date.format('YYYY-MM-DD'), amount: Number(values.amount) };
    const result = await submission.submit(body, (headers) => api(routes.transaction.create, { body }, { toast: true, headers }));
    if (!result) return;
    if (result.error !== undefined) {
      placeServerErrors(form, result.fields, labels);
      return;
    }
    notify.success(journalMessages.added);
    setOpen(false);
    form.resetFields();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['list'] }),
      queryClient.invalidateQueries({ queryKey: ['statement'] }),
      queryClient.invalidateQueries({ queryKey: ['account'] }),
    ]);
  }

  const required = (label: string) => [{ required: true, message: `${label} is required` }];
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        New entry
      </Button>
      <Modal
        title="New journal entry"
        open={open}
        onCancel={() => setOpen(false)}
        okText="Save"
        okButtonProps={{ loading: submission.busy }}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form<Values> form={form} layout="vertical" initialValues={{ date: dayjs() }} onFinish={save}>
          <Form.Item name="date" label={labels.date} rules={required(labels.date)}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="particulars" label={labels.particulars} rules={required(labels.particulars)}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="debitId" label={labels.debitId} rules={required(labels.debitId)}>
            <RefSelect source={subAccountSource} required placeholder="Account debited" />
          </Form.Item>
          <Form.Item name="creditId" label={labels.creditId} rules={required(labels.creditId)}>
            <RefSelect source={subAccountSource} required placeholder="Account credited" />
          </Form.Item>
          <Form.Item name="amount" label={labels.amount} rules={required(labels.amount)}>
            <InputNumber style={{ width: '100%' }} step={0.01} placeholder="0.00" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
