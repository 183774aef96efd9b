import dayjs from 'dayjs';

/**
 * The appointment book's clock: the rows of a day (08:00 to 20:00 in half hours), the days of a week
 * (Monday first), and where an appointment sits on them. Dates are the API's 'YYYY-MM-DD', times 'HH:MM'.
 */
export const dayStart = 8 * 60;
export const dayEnd = 20 * 60;
export const slotMinutes = 30;

/** Minutes since midnight of 'HH:MM' (or 'HH:MM:SS'). */
export function minutesOf(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** 'HH:MM' of minutes since midnight. */
export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The start of each half-hour row of the day, 'HH:MM'. */
export const daySlots: string[] = Array.from({ length: (dayEnd - dayStart) / slotMinutes }, (_, i) => timeOf(dayStart + i * slotMinutes));

export const today = () => dayjs().format('YYYY-MM-DD');

/** The Monday of the week the day is in. */
export function weekStart(date: string): string {
  const d = dayjs(date);
  const back = (d.day() + 6) % 7;
  return d.subtract(back, 'day').format('YYYY-MM-DD');
}

/** The seven days (Monday to Sunday) of the week the day is in. */
export function weekDays(date: string): string[] {
  const monday = dayjs(weekStart(date));
  return Array.from({ length: 7 }, (_, i) => monday.add(i, 'day').format('YYYY-MM-DD'));
}

export const shiftDay = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** 'Mon 23 Nov' */
export const dayLabel = (date: string) => dayjs(date).format('ddd D MMM');
/** 'Monday 23 November 2026' */
export const longDayLabel = (date: string) => dayjs(date).format('dddd D MMMM YYYY');

/** '30 Nov – 6 Dec 2026' */
export const rangeLabel = (from: string, to: string) =>
  `${dayjs(from).format(dayjs(from).year() === dayjs(to).year() ? 'D MMM' : 'D MMM YYYY')} – ${dayjs(to).format('D MMM YYYY')}`;

/** The end 'HH:MM' of an appointment. */
export const endOf = (time: string, durationMinutes: number) => timeOf(minutesOf(time) + durationMinutes);

/**
 * Where a block sits in a day's column: its first row (0-based, may be before 0 or past the last row when
 * the appointment is outside the book's hours: clamped) and how many rows it spans (at least one).
 */
export function blockPlace(time: string, durationMinutes: number): { row: number; span: number } {
  const last = daySlots.length;
  const start = Math.min(Math.max(minutesOf(time), dayStart), dayEnd - slotMinutes);
  const end = Math.max(Math.min(minutesOf(time) + durationMinutes, dayEnd), start + slotMinutes);
  const row = Math.floor((start - dayStart) / slotMinutes);
  const span = Math.min(Math.max(1, Math.ceil((end - dayStart) / slotMinutes) - row), last - row);
  return { row, span };
}

/** Whether the half hour starting at `slot` is taken by one of the appointments (that hold their slot). */
export function slotTaken(slot: string, booked: { time: string; durationMinutes: number }[]): boolean {
  const from = minutesOf(slot);
  const to = from + slotMinutes;
  return booked.some((a) => {
    const start = minutesOf(a.time);
    return start < to && start + a.durationMinutes > from;
  });
}
