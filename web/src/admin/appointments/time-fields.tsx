import { Select } from 'antd';
import { timeOf } from './book-time.ts';

// biome-ignore lint/suspicious/noExplicitAny: Form.Item hands the control its value and onChange
type Control = { id?: string; value?: any; onChange?: (value: any) => void };

/** Start times a quarter of an hour apart, from 06:00 to 22:00 (the current value kept when it is between them). */
const quarterHours = Array.from({ length: (22 - 6) * 4 + 1 }, (_, i) => timeOf(6 * 60 + i * 15));

export function TimeSelect(props: Control) {
  const times = props.value && !quarterHours.includes(props.value) ? [...quarterHours, props.value].sort() : quarterHours;
  return <Select {...props} aria-label="Start time" showSearch options={times.map((t) => ({ value: t, label: t }))} />;
}

const lengths = [15, 30, 45, 60, 90, 120, 180, 240];
const lengthLabel = (m: number) => (m < 60 ? `${m} min` : m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`);

/** How long it lasts: the usual lengths (the current one kept when it is another). */
export function LengthSelect(props: Control) {
  const all = props.value && !lengths.includes(props.value) ? [...lengths, props.value].sort((a, b) => a - b) : lengths;
  return <Select {...props} aria-label="Length" options={all.map((m) => ({ value: m, label: lengthLabel(m) }))} />;
}
