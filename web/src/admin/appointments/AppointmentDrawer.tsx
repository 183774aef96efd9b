import { useQueryClient } from '@tanstack/react-query';
import { type Appointment, type AppointmentState, appointmentLabels, appointmentMessages, routes } from '@tillbook/contract';
import { Alert, Button, DatePicker, Descriptions, Drawer, Form, Grid, Input, Popconfirm, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { instant } from '../../lib/format.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { failure } from './appointment-calls.ts';
import { appointmentKeys, refreshAppointments, staffName, useAppointment } from './appointment-data.ts';
import { AppointmentStatusTag, moveLabels, stateName } from './appointment-format.tsx';
import { longDayLabel } from './book-time.ts';
import { putFieldErrors } from './field-errors.ts';
import { LengthSelect, TimeSelect } from './time-fields.tsx';

interface Change {
  date: Dayjs;
  time: string;
  durationMinutes: number;
  notes?: string;
}

/** Who the appointment is for, as a link to the lead's page or the customer's when the role may open it. */
function ForWhom({ a }: { a: Appointment }) {
  const { can } = usePermissions();
  if (a.leadId && can('readSingle-lead')) return <Link to={`/admin/lead/${a.leadId}`}>{a.forName}</Link>;
  if (a.customerId && can('readSingle-customer')) return <Link to={`/admin/customer/${a.customerId}`}>{a.forName}</Link>;
  return <>{a.forName}</>;
}

/**
 * One appointment, opened from the book or a lead's page: who it is for and with whom, when, its status with
 * the moves the transition table allows as buttons (Confirm, Done, Cancel, No-show), a change of day, time,
 * length or notes, and deleting it. A refusal (the new time taken, another desk moved it first) shows the
 * server's words; with no words of its own, the spec's fallback.
 */
export function AppointmentDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const phone = !(Grid.useBreakpoint().sm ?? true);
  const detail = useAppointment(id);
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [form] = Form.useForm<Change>();
  const a = detail.data;

  const refresh = () => refreshAppointments(queryClient);

  async function move(status: AppointmentState) {
    if (!a) return;
    setSaving(`status-${status}`);
    setRefusal(null);
    const result = await api(routes.appointment.update, { params: { id: a.id }, body: { status } });
    setSaving(null);
    await refresh();
    const problem = failure(result, appointmentMessages.statusFailed);
    if (problem !== null) return setRefusal(problem);
    notify.success(result.data?.message || `Appointment ${stateName(status).toLowerCase()}`);
  }

  function openChange() {
    if (!a) return;
    form.setFieldsValue({ date: dayjs(a.date), time: a.time.slice(0, 5), durationMinutes: a.durationMinutes, notes: a.notes ?? '' });
    setChanging(true);
  }

  async function saveChange() {
    if (!a) return;
    let values: Change;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving('change');
    setRefusal(null);
    const result = await api(routes.appointment.put, {
      params: { id: a.id },
      body: {
        date: values.date.format('YYYY-MM-DD'),
        time: values.time,
        durationMinutes: values.durationMinutes,
        notes: values.notes || null,
      },
    });
    setSaving(null);
    await refresh();
    if (result.error !== undefined) {
      const placed = putFieldErrors(form, result.fields, appointmentLabels);
      if (!placed || result.status === 409) setRefusal(failure(result, appointmentMessages.statusFailed));
      return;
    }
    setChanging(false);
    notify.success(result.data.message || 'Appointment changed');
  }

  async function remove() {
    if (!a) return;
    setSaving('delete');
    setRefusal(null);
    const result = await api(routes.appointment.delete, { params: { id: a.id } });
    setSaving(null);
    const problem = failure(result, appointmentMessages.deleteFailed);
    if (problem !== null) return setRefusal(problem);
    queryClient.removeQueries({ queryKey: appointmentKeys.one(a.id) });
    await refresh();
    notify.success(result.data?.message || 'Appointment deleted');
    onClose();
  }

  const close = () => {
    setRefusal(null);
    setChanging(false);
    onClose();
  };

  return (
    <Drawer
      title={a ? `Appointment with ${a.forName}` : 'Appointment'}
      open={id !== null}
      onClose={close}
      size={phone ? '100%' : 460}
      destroyOnHidden
    >
      {detail.isLoading && <Spin />}
      {detail.error && <Alert type="error" showIcon title={detail.error.message} />}
      {a && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="appointment-detail">
          <Descriptions size="small" bordered column={1}>
            <Descriptions.Item label="For">
              <ForWhom a={a} />
              {a.lead ? ' (lead)' : ' (customer)'}
            </Descriptions.Item>
            <Descriptions.Item label="Phone">{a.lead?.phone ?? a.customer?.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Staff member">{staffName(a.user)}</Descriptions.Item>
            <Descriptions.Item label="Date">{longDayLabel(a.date)}</Descriptions.Item>
            <Descriptions.Item label="Time">{`${a.time.slice(0, 5)}–${a.endTime.slice(0, 5)} (${a.durationMinutes} min)`}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <AppointmentStatusTag status={a.status} />
            </Descriptions.Item>
            {a.notes && (
              <Descriptions.Item label="Notes">
                <span style={{ whiteSpace: 'pre-line' }}>{a.notes}</span>
              </Descriptions.Item>
            )}
            {a.reminderSentAt && <Descriptions.Item label="Reminder sent">{instant(a.reminderSentAt)}</Descriptions.Item>}
          </Descriptions>
          {refusal && (
            <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} data-testid="appointment-refusal" />
          )}
          {can('update-appointment') && a.nextStatuses.length > 0 && (
            <section aria-label="Status changes">
              <Space wrap>
                {a.nextStatuses.map((s, i) =>
                  s === 3 ? (
                    <Popconfirm
                      key={s}
                      title="Cancel this appointment? Its time becomes free."
                      okText="Cancel appointment"
                      cancelText="Keep it"
                      onConfirm={() => move(s)}
                    >
                      <Button danger loading={saving === `status-${s}`}>
                        {moveLabels[s]}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button key={s} type={i === 0 ? 'primary' : 'default'} loading={saving === `status-${s}`} onClick={() => move(s)}>
                      {moveLabels[s]}
                    </Button>
                  ),
                )}
              </Space>
            </section>
          )}
          {changing ? (
            <Form form={form} layout="vertical" aria-label="Change the appointment">
              <Typography.Title level={5}>Move or change</Typography.Title>
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
              <Space>
                <Button type="primary" loading={saving === 'change'} onClick={saveChange}>
                  Save
                </Button>
                <Button onClick={() => setChanging(false)}>Back</Button>
              </Space>
            </Form>
          ) : (
            <Space wrap>
              {can('update-appointment') && <Button onClick={openChange}>Move or change</Button>}
              {can('delete-appointment') && (
                <Popconfirm title="Delete this appointment for good?" okText="Delete" cancelText="Keep it" onConfirm={remove}>
                  <Button danger type="text" loading={saving === 'delete'}>
                    Delete
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}
