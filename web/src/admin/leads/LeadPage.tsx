import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Appointment, routes } from '@tillbook/contract';
import { Alert, Button, Descriptions, Popconfirm, Result, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { instant, money } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { useBusinessDate } from '../../lib/settings.ts';
import { AppointmentDrawer } from '../appointments/AppointmentDrawer.tsx';
import { staffName } from '../appointments/appointment-data.ts';
import { AppointmentStatusTag } from '../appointments/appointment-format.tsx';
import { BookingModal, type BookingStart } from '../appointments/BookingModal.tsx';
import { daySlots, minutesOf } from '../appointments/book-time.ts';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { LeadFormModal } from './LeadFormModal.tsx';
import { LeadStatusTag } from './lead-format.tsx';

/** The next free-looking half hour of today from now (else tomorrow's first), where a booking from the page starts. */
function nextSlot(today: string): { date: string; time: string } {
  const now = new Date();
  const minutes = now.getHours() * 60 + now.getMinutes();
  const slot = daySlots.find((s) => minutesOf(s) > minutes);
  if (slot) return { date: today, time: slot };
  const tomorrow = new Date(`${today}T12:00:00`);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return { date: tomorrow.toISOString().slice(0, 10), time: daySlots[0]! };
}

/**
 * One lead: who they are, where they came from, who owns them and how far they have come (Edit changes it);
 * their appointments (each opens, to be confirmed, moved or marked), "Book an appointment" and "Convert to
 * customer", which then links to the customer.
 */
export default function LeadPage() {
  const id = Number(useParams().id);
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const today = useBusinessDate();
  const detail = useQuery({ queryKey: ['lead', id], queryFn: () => must(api(routes.lead.get, { params: { id } })) });
  const [editing, setEditing] = useState(false);
  const [booking, setBooking] = useState<BookingStart | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [converting, setConverting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (detail.isLoading) return <Spin />;
  if (!detail.data) {
    return (
      <Result status="404" title="Lead not found" subTitle={detail.error?.message} extra={<Link to="/admin/lead">Back to leads</Link>} />
    );
  }
  const lead = detail.data.singleLead;

  async function convert() {
    setConverting(true);
    setRefusal(null);
    const result = await api(routes.lead.convert, { params: { id } });
    setConverting(false);
    await queryClient.invalidateQueries({ queryKey: ['lead', id] });
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    if (result.error !== undefined) return setRefusal(result.error);
    notify.success(result.data.message || `${lead.name} is a customer`);
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {lead.name}
          </Typography.Title>
          <LeadStatusTag status={lead.leadStatus} />
        </Space>
        <Link to="/admin/lead">Back to leads</Link>
      </Space>
      <Space wrap>
        {can('update-lead') && <Button onClick={() => setEditing(true)}>Edit</Button>}
        {can('create-appointment') && (
          <Button
            type="primary"
            onClick={() => setBooking({ userId: lead.leadOwnerId, ...nextSlot(today), lead: { id: lead.id, name: lead.name } })}
          >
            Book an appointment
          </Button>
        )}
        {lead.isConverted !== 'true' && can('update-lead') && (
          <Popconfirm
            title={`Make ${lead.name} a customer? The customer with this e-mail is linked, else a new one is made.`}
            okText="Convert"
            cancelText="Not yet"
            onConfirm={convert}
          >
            <Button loading={converting}>Convert to customer</Button>
          </Popconfirm>
        )}
      </Space>
      {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}
      {lead.isConverted === 'true' && lead.customer && (
        <Alert
          type="success"
          showIcon
          data-testid="lead-converted"
          title={
            <span>
              Converted: customer{' '}
              {can('readSingle-customer') ? (
                <Link to={`/admin/customer/${lead.customer.id}`}>{lead.customer.username}</Link>
              ) : (
                lead.customer.username
              )}
            </span>
          }
        />
      )}
      <section aria-label="Lead details">
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="Phone">{lead.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="E-mail">{lead.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Source">{lead.leadSource?.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Owner">{staffName(lead.leadOwner)}</Descriptions.Item>
          <Descriptions.Item label="Value">{money(lead.leadValue)}</Descriptions.Item>
          <Descriptions.Item label="Added">{instant(lead.createdAt)}</Descriptions.Item>
          {lead.notes && (
            <Descriptions.Item label="Notes">
              <span style={{ whiteSpace: 'pre-line' }}>{lead.notes}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      </section>
      <Typography.Title level={4} style={{ margin: 0 }}>
        Appointments
      </Typography.Title>
      <Table<Appointment>
        aria-label="Appointments"
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={lead.appointments}
        locale={{ emptyText: 'No appointment yet' }}
        columns={[
          {
            key: 'when',
            title: 'When',
            render: (_, a) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(a.id)}>
                {`${a.date} ${a.time.slice(0, 5)}`}
              </Button>
            ),
          },
          { key: 'length', title: 'Length', render: (_, a) => `${a.durationMinutes} min` },
          { key: 'status', title: 'Status', render: (_, a) => <AppointmentStatusTag status={a.status} /> },
          {
            key: 'staff',
            title: 'With',
            render: (_, a) =>
              can('readAll-appointment') ? (
                <Link to={`/admin/appointment?staff=${a.userId}&date=${a.date}&open=${a.id}`}>{staffName(a.user)}</Link>
              ) : (
                staffName(a.user)
              ),
          },
          { key: 'notes', title: 'Notes', render: (_, a) => a.notes ?? '' },
        ]}
      />
      <LeadFormModal open={editing} lead={lead} onClose={() => setEditing(false)} />
      <BookingModal start={booking} onClose={() => setBooking(null)} />
      <AppointmentDrawer id={open} onClose={() => setOpen(null)} />
      <RecordHistory entity="lead" id={id} />
    </Space>
  );
}
