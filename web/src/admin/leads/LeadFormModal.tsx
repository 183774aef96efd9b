import { useQueryClient } from '@tanstack/react-query';
import { type Lead, type LeadStatus, leadLabels, resources, routes } from '@tillbook/contract';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { currentUser } from '../../lib/session.ts';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { staffName, useBookStaff } from '../appointments/appointment-data.ts';
import { putFieldErrors } from '../appointments/field-errors.ts';
import { leadStatusOptions, settableStatuses } from './lead-format.tsx';

const sources = refTo(resources.leadSource);

interface Values {
  name: string;
  email?: string;
  phone?: string;
  leadSourceId?: number;
  leadOwnerId: number;
  leadStatus: LeadStatus;
  leadValue?: number | null;
  notes?: string;
}

/**
 * A lead's form: a new one (owned by the one adding it unless another staff member is chosen) or an edit of
 * `lead`. A refused field shows its reason under it; the saved lead is handed to `onSaved`.
 */
export function LeadFormModal({
  open,
  lead,
  onClose,
  onSaved,
}: {
  open: boolean;
  lead?: Lead;
  onClose: () => void;
  onSaved?: (lead: Lead) => void;
}) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const staff = useBookStaff();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setRefusal(null);
    form.setFieldsValue(
      lead
        ? {
            name: lead.name,
            email: lead.email ?? '',
            phone: lead.phone ?? '',
            leadSourceId: lead.leadSourceId ?? undefined,
            leadOwnerId: lead.leadOwnerId,
            leadStatus: lead.leadStatus,
            leadValue: Number(lead.leadValue) || null,
            notes: lead.notes ?? '',
          }
        : { leadOwnerId: currentUser()?.id, leadStatus: 'new' },
    );
  }, [open, lead, form]);

  async function save() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      name: v.name,
      email: v.email || null,
      phone: v.phone || null,
      leadSourceId: v.leadSourceId ?? null,
      leadOwnerId: v.leadOwnerId,
      // a converted lead's status stays as converting set it: sent only when changed
      ...(lead && v.leadStatus === lead.leadStatus ? {} : { leadStatus: v.leadStatus }),
      leadValue: v.leadValue ?? 0,
      notes: v.notes || null,
    };
    setSaving(true);
    setRefusal(null);
    const result = lead ? await api(routes.lead.update, { params: { id: lead.id }, body }) : await api(routes.lead.create, { body });
    setSaving(false);
    if (result.error !== undefined) {
      if (!putFieldErrors(form, result.fields, leadLabels)) setRefusal(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    await queryClient.invalidateQueries({ queryKey: ['lead'] });
    notify.success(result.data.message || (lead ? 'Lead updated' : 'Lead added'));
    onSaved?.(result.data.data);
    onClose();
  }

  const statuses = lead?.leadStatus === 'customer' ? leadStatusOptions() : leadStatusOptions(settableStatuses);
  return (
    <Modal
      title={lead ? `Edit ${lead.name}` : 'New lead'}
      open={open}
      okText="Save"
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" aria-label={lead ? 'Edit lead' : 'New lead'} requiredMark="optional">
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label="Phone">
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label="E-mail">
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="leadSourceId" label="Source">
          <RefSelect source={sources} aria-label="Source" />
        </Form.Item>
        <Form.Item name="leadOwnerId" label="Owner" rules={[{ required: true, message: 'Choose the owner' }]}>
          <Select
            aria-label="Owner"
            loading={staff.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(staff.data ?? []).map((u) => ({ value: u.id, label: staffName(u) }))}
          />
        </Form.Item>
        <Form.Item name="leadStatus" label="Status">
          <Select aria-label="Status" options={statuses} disabled={lead?.leadStatus === 'customer'} />
        </Form.Item>
        <Form.Item name="leadValue" label="Value">
          <InputNumber aria-label="Value" step={0.01} placeholder="0.00" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
