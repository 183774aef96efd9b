import { useQuery } from '@tanstack/react-query';
import { subAccountLabels as labels, routes } from '@tillbook/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import type { SubAccount } from './book-types.ts';
import { placeServerErrors } from './server-errors.ts';

interface Values {
  name: string;
  accountId: number;
}

/** The main accounts (GET account?query=ma), one per type. */
export function useMainAccounts() {
  return useQuery({
    queryKey: ['main-accounts'],
    queryFn: async () => {
      const answer = await must(api(routes.account.list, { query: { query: 'ma' } }));
      return Array.isArray(answer) ? answer : [];
    },
    staleTime: 60_000,
  });
}

/**
 * Adds a sub-account (`editing` absent) or renames one (and moves it while nothing is posted to it).
 * `onSave` answers the server's field reasons when it refuses, or nothing when saved.
 */
export function SubAccountForm(props: {
  open: boolean;
  editing?: SubAccount;
  onClose: () => void;
  onSave: (values: Values) => Promise<Record<string, string> | undefined | 'refused'>;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const mains = useMainAccounts().data ?? [];
  const { open, editing } = props;
  useEffect(() => {
    if (open)
      form.setFieldsValue(editing ? { name: editing.name, accountId: editing.accountId } : { name: '', accountId: undefined as never });
  }, [open, editing, form]);

  async function submit(values: Values) {
    setSaving(true);
    const refused = await props.onSave(values);
    setSaving(false);
    if (refused && refused !== 'refused') placeServerErrors(form, refused, labels);
  }

  return (
    <Modal
      title={editing ? `Rename ${editing.name}` : 'Add account'}
      open={open}
      onCancel={props.onClose}
      okText="Save"
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={labels.name} rules={[{ required: true, whitespace: true, message: `${labels.name} is required` }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="accountId" label={labels.accountId} rules={[{ required: true, message: `${labels.accountId} is required` }]}>
          <Select
            disabled={editing?.posted === 'true'}
            showSearch={{ optionFilterProp: 'label' }}
            options={mains.map((m) => ({ value: m.id, label: `${m.name} (${m.type})` }))}
            placeholder="Main account"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
