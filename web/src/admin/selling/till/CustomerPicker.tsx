import { walkInCustomerName } from '@tillbook/contract';
import { type RefSelectProps, Select } from 'antd';
import { type Ref, useEffect, useRef, useState } from 'react';
import { moneyOfCents } from '../../../lib/format.ts';
import type { CartState } from './cart.ts';
import { searchCustomers, type TillCustomerChoice } from './till-data.ts';

/** The customer as the list shows it: name and phone, and offline what it owed when the till last read it. */
const nameOf = (c: TillCustomerChoice) =>
  [c.name, c.phone, c.lastKnownDue ? `owed ${moneyOfCents(Math.round(c.lastKnownDue * 100))} when last seen` : null]
    .filter(Boolean)
    .join(' · ');
const walkIn = 0;

/** The sale's customer: the walk-in customer unless one is found by name, phone or e-mail (offline, in the till's copy). */
export function CustomerPicker(props: {
  customer: CartState['customer'];
  onChange: (customer: CartState['customer']) => void;
  selectRef?: Ref<RefSelectProps>;
}) {
  const [found, setFound] = useState<TillCustomerChoice[]>([]);
  const [key, setKey] = useState('');
  const latest = useRef('');
  useEffect(() => {
    latest.current = key;
    const timer = setTimeout(async () => {
      const rows = await searchCustomers(key);
      if (latest.current === key) setFound(rows);
    }, 200);
    return () => clearTimeout(timer);
  }, [key]);

  const current = props.customer;
  const options = [
    { value: walkIn, label: walkInCustomerName },
    ...(current && !found.some((c) => c.id === current.id) ? [{ value: current.id, label: current.name }] : []),
    ...found.map((c) => ({ value: c.id, label: nameOf(c) })),
  ];
  return (
    <Select
      ref={props.selectRef}
      aria-label="Customer"
      showSearch={{ filterOption: false, onSearch: setKey }}
      value={current?.id ?? walkIn}
      options={options}
      style={{ width: '100%' }}
      onChange={(value: number) => {
        if (value === walkIn) return props.onChange(null);
        const row = found.find((c) => c.id === value);
        props.onChange({ id: value, name: row ? row.name : (current?.name ?? `#${value}`) });
      }}
    />
  );
}
