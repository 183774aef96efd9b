import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Grid, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAddressParams } from '../../lib/address.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { currentUser } from '../../lib/session.ts';
import { useBusinessDate } from '../../lib/settings.ts';
import { AppointmentDrawer } from './AppointmentDrawer.tsx';
import { staffName, useBook, useBookStaff } from './appointment-data.ts';
import { BookDayList } from './BookDayList.tsx';
import { BookGrid } from './BookGrid.tsx';
import { BookingModal, type BookingStart } from './BookingModal.tsx';
import { longDayLabel, rangeLabel, shiftDay, weekDays } from './book-time.ts';
import type { Slot } from './book-types.ts';

type View = 'day' | 'week';

/**
 * The appointment book of one staff member: the week as columns of days with half-hour rows (08:00–20:00),
 * or one day; each appointment a block with who and its status colour. A click on a free half hour books
 * it; a click on a block opens the appointment. Below 768 px the day is a list, and the week view picks its
 * day from a row of the week's days. The staff member, the view, the day and the open appointment are in the
 * URL (a lead's page links to its appointments).
 */
export default function AppointmentBookPage() {
  const [params, setParams] = useAddressParams();
  const today = useBusinessDate();
  const phone = !(Grid.useBreakpoint().md ?? true);
  const { can } = usePermissions();
  const staff = useBookStaff();
  const view: View = params.get('view') === 'day' ? 'day' : 'week';
  const date = params.get('date') && dayjs(params.get('date')).isValid() ? dayjs(params.get('date')).format('YYYY-MM-DD') : today;
  const staffId = Number(params.get('staff') ?? 0) || currentUser()?.id || staff.data?.[0]?.id || 0;
  const openId = Number(params.get('open') ?? 0) || null;
  const [booking, setBooking] = useState<BookingStart | null>(null);

  const days = view === 'week' ? weekDays(date) : [date];
  const book = useBook(staffId, days[0]!, days[days.length - 1]!);
  const entries = book.data ?? [];

  const set = (changes: Record<string, string | number | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  const step = view === 'week' ? 7 : 1;
  const onSlot = (slot: Slot) => (can('create-appointment') ? setBooking({ userId: staffId, ...slot }) : undefined);
  const onOpen = (id: number) => set({ open: id });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Appointment book
        </Typography.Title>
        <Space wrap>
          <Select
            aria-label="Staff member"
            style={{ minWidth: 180 }}
            loading={staff.isLoading}
            value={staffId || undefined}
            showSearch={{ optionFilterProp: 'label' }}
            options={(staff.data ?? []).map((u) => ({ value: u.id, label: staffName(u) }))}
            onChange={(id: number) => set({ staff: id, open: null })}
          />
          <Segmented<View>
            aria-label="View"
            value={view}
            options={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
            ]}
            onChange={(v) => set({ view: v === 'week' ? null : v })}
          />
        </Space>
      </Space>
      <Space wrap>
        <Button
          aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
          icon={<LeftOutlined />}
          onClick={() => set({ date: shiftDay(date, -step) })}
        />
        <Button onClick={() => set({ date: null })}>Today</Button>
        <Button
          aria-label={view === 'week' ? 'Next week' : 'Next day'}
          icon={<RightOutlined />}
          onClick={() => set({ date: shiftDay(date, step) })}
        />
        <DatePicker
          aria-label="Go to day"
          value={dayjs(date)}
          format="D MMM YYYY"
          allowClear={false}
          onChange={(d) => d && set({ date: d.format('YYYY-MM-DD') })}
        />
        <Typography.Text strong data-testid="book-range">
          {phone || view === 'day' ? longDayLabel(date) : rangeLabel(days[0]!, days[days.length - 1]!)}
        </Typography.Text>
      </Space>
      {book.error && <Alert type="error" showIcon title={book.error.message} data-testid="book-error" />}
      {phone && view === 'week' && (
        <Segmented
          aria-label="Day of the week"
          block
          value={date}
          options={days.map((d) => ({
            value: d,
            label: (
              <span style={{ fontSize: 12, lineHeight: 1.2, display: 'inline-block' }}>
                {dayjs(d).format('dd')}
                <br />
                {dayjs(d).format('D')}
              </span>
            ),
          }))}
          onChange={(d) => set({ date: d })}
        />
      )}
      {phone ? (
        <BookDayList date={date} entries={entries} onSlot={onSlot} onOpen={onOpen} />
      ) : (
        <BookGrid days={days} today={today} entries={entries} onSlot={onSlot} onOpen={onOpen} />
      )}
      <BookingModal start={booking} onClose={() => setBooking(null)} />
      <AppointmentDrawer id={openId} onClose={() => set({ open: null })} />
    </Space>
  );
}
