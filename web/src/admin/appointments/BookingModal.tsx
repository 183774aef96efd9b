import { useQueryClient } from '@tanstack/react-query';
import { type Appointment, appointmentLabels, appointmentMessages, leadLabels, resources, routes } from '@tillbook/contract';
import { Alert, DatePicker, Form, Input, Modal, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { failure } from './appointment-calls.ts';
import { refreshAppointments, staffName, useBookStaff } from './appointment-data.ts';
import { dayLabel } from './book-time.ts';
import { putFieldErrors } from './field-errors.ts';
import { CustomerPicker, LeadPicker } from './pickers.tsx';
import { LengthSelect, TimeSelect } from './time-fields.tsx';

const sources = refTo(resources.leadSource);
type Kind = 'newLead' | 'lead' | 'customer';
const kinds: { value: Kind; label: string }[] = [
  { value: 'newLead', label: 'New lead' },
  { value: 'lead', label: 'Lead' },
  { value: 'customer', label: 'Customer' },
];

interface Values {
  userId: number;
  date: Dayjs;
  time: string;
  durationMinutes: number;
  leadId?: number;
  customerId?: number;
  leadName?: string;
  leadEmail?: string;
  leadPhone?: string;
  leadSourceId?: number;
  notes?: string;
}

export interface BookingStart {
  userId: number;
  date: string;
  time: string;
  /** Booking for this lead (from its page): the form does not ask who it is for. */
  lead?: { id: number; name: string };
}

/** The new lead's fields, as the lead call names them, on the form's names. */
const leadFieldNames = { name: 'leadName', email: 'leadEmail', phone: 'leadPhone', leadSourceId: 'leadSourceId' };

/**
 * A new appointment, started from an empty slot of the book (staff member, day and time filled in) or from a
 * lead's page: for a lead or a customer found by name, or a new lead made on the spot (then made first, and
 * kept: booking again after a refusal does not make it twice). A refusal (the slot taken: the server names
 * the other appointment) shows above the form.
 */
export function BookingModal({
  start,
  onClose,
  onBooked,
}: {
  start: BookingStart | null;
  onClose: () => void;
  onBooked?: (a: Appointment) => void;
}) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const staff = useBookStaff();
  const [kind, setKind] = useState<Kind>('newLead');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The lead made here, so a second try books it rather than making another. */
  const [made, setMade] = useState<{ id: number; name: string } | null>(null);

  useEffect(() => {
    if (!start) return;
    form.resetFields();
    form.setFieldsValue({ userId: start.userId, date: dayjs(start.date), time: start.time, durationMinutes: 30, leadId: start.lead?.id });
    setKind(start.lead ? 'lead' : 'newLead');
    setRefusal(null);
    setMade(null);
  }, [start, form]);

  async function book() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      let leadId = start?.lead?.id ?? (kind === 'lead' ? values.leadId : undefined);
      if (kind === 'newLead') {
        const lead =
          made ??
          (await (async () => {
            const result = await api(routes.lead.create, {
              body: {
                name: values.leadName ?? '',
                email: values.leadEmail || null,
                phone: values.leadPhone || null,
                leadSourceId: values.leadSourceId ?? null,
                leadOwnerId: values.userId,
              },
            });
            if (result.error !== undefined) {
              if (!putFieldErrors(form, result.fields, leadLabels, leadFieldNames)) setRefusal(result.error);
              return null;
            }
            return { id: result.data.data.id, name: result.data.data.name };
          })());
        if (!lead) return;
        setMade(lead);
        leadId = lead.id;
      }
      const result = await api(routes.appointment.create, {
        body: {
          leadId: leadId ?? null,
          customerId: kind === 'customer' ? (values.customerId ?? null) : null,
          userId: values.userId,
          date: values.date.format('YYYY-MM-DD'),
          time: values.time,
          durationMinutes: values.durationMinutes,
          notes: values.notes || null,
        },
      });
      await refreshAppointments(queryClient);
      if (result.error !== undefined) {
        const placed = putFieldErrors(form, result.fields, appointmentLabels);
        if (!placed || result.status === 409) setRefusal(failure(result, appointmentMessages.createFailed));
        return;
      }
      if (made || kind === 'newLead') await queryClient.invalidateQueries({ queryKey: ['list'] });
      notify.success(result.data.message || 'Appointment booked');
      onBooked?.(result.data.data);
      onClose();
    } finally {
      setSaving(false);
    }
  }

  const asNew = kind === 'newLead' && !made;
  // the title follows the form's day and time (the slot's until they are changed)
  const watchedDate = Form.useWatch('date', form) as Dayjs | undefined;
  const watchedTime = Form.useWatch('time', form) as string | undefined;
  const when =
    watchedDate && watchedTime
      ? `${dayLabel(watchedDate.format('YYYY-MM-DD'))} at ${watchedTime}`
      : start
        ? `${dayLabel(start.date)} at ${start.time}`
        : '';
  return (
    <Modal
      title={when ? `New appointment, ${when}` : 'New appointment'}
      open={start !== null}
      okText="Book"
      confirmLoading={saving}
      onOk={book}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" aria-label="New appointment" requiredMark="optional">
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="booking-refusal" />}
        {start?.lead ? (
          <Form.Item label="For">{start.lead.name}</Form.Item>
        ) : (
          <Form.Item label="For">
            <Segmented<Kind>
              aria-label="For"
              block
              options={kinds}
              value={made ? 'newLead' : kind}
              onChange={(k) => setKind(k)}
              disabled={!!made}
            />
          </Form.Item>
        )}
        {!start?.lead && kind === 'newLead' && made && (
          <Alert type="info" showIcon title={`Lead ${made.name} is made; booking them.`} style={{ marginBottom: 12 }} />
        )}
        {asNew && (
          <>
            <Form.Item name="leadName" label="Name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="leadPhone" label="Phone">
              <Input type="tel" autoComplete="off" />
            </Form.Item>
            <Form.Item name="leadEmail" label="E-mail">
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item name="leadSourceId" label="Source">
              <RefSelect source={sources} aria-label="Source" placeholder="Where they came from" />
            </Form.Item>
          </>
        )}
        {!start?.lead && kind === 'lead' && (
          <Form.Item name="leadId" label="Lead" rules={[{ required: true, message: 'Choose the lead' }]}>
            <LeadPicker />
          </Form.Item>
        )}
        {kind === 'customer' && (
          <Form.Item name="customerId" label="Customer" rules={[{ required: true, message: 'Choose the customer' }]}>
            <CustomerPicker />
          </Form.Item>
        )}
        <Form.Item name="userId" label="Staff member" rules={[{ required: true, message: 'Choose the staff member' }]}>
          <Select
            aria-label="Staff member"
            loading={staff.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(staff.data ?? []).map((u) => ({ value: u.id, label: staffName(u) }))}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Form.Item name="date" label="Date" rules={[{ required: true, message: 'Date is required' }]} style={{ flex: '1 1 140px' }}>
            <DatePicker aria-label="Date" style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="time"
            label="Start time"
            rules={[{ required: true, message: 'Start time is required' }]}
            style={{ flex: '1 1 100px' }}
          >
            <TimeSelect />
          </Form.Item>
          <Form.Item name="durationMinutes" label="Length" style={{ flex: '1 1 100px' }}>
            <LengthSelect />
          </Form.Item>
        </div>
        <Form.Item name="notes" label="Notes">
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
