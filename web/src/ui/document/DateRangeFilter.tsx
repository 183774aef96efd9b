import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { ListParams } from '../../lib/list-params.ts';

/** The from and to days of a list (startDate and endDate in the URL, whole days inclusive). */
export function DateRangeFilter({ list }: { list: ListParams<'startDate' | 'endDate'> }) {
  const { startDate, endDate } = list.filters;
  return (
    <DatePicker.RangePicker
      aria-label="Dates"
      allowEmpty={[true, true]}
      placeholder={['From', 'To']}
      value={[startDate ? dayjs(startDate) : null, endDate ? dayjs(endDate) : null]}
      onChange={(range) => list.setFilters({ startDate: range?.[0]?.format('YYYY-MM-DD'), endDate: range?.[1]?.format('YYYY-MM-DD') })}
      style={{ maxWidth: 260 }}
    />
  );
}
