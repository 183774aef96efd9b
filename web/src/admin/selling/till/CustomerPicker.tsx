import { customerName, walkInCustomerName } from '@tillbook/contract';
import { type RefSelectProps, Select } from 'antd';
import { type Ref, useEffect, useRef, useState } from 'react';
import type { CartState } from './cart.ts';
import { type CustomerRow, searchCustomers } from './till-data.ts';

const nameOf = (c: CustomerRow) => [customerName(c), c.phone].filter(Boolean).join(' · ') || `#${c.id}`;
const walkIn = 0;

/** The sale's customer: the walk-in customer unless one is found by name, phone or e-mail. */
export function CustomerPicker(props: {
  customer: CartState['customer'];
  onChange: (customer: CartState['customer']) => void;
  selectRef?: Ref<RefSelectProps>;
}) {
  const [found, setFound] = useState<CustomerRow[]>([]);
  const [key, setKey] = useState('');
  const latest = useRef('');
  useEffect(() => {
    latest.current = key;
    const timer = setTimeout(async () => {
      const rows = await searchCustomers(key);
      if (latest.current === key) setFound(rows.filter((r) => r.username !== walkInCustomerName));
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
        props.onChange({ id: value, name: row ? customerName(row) || nameOf(row) : (current?.name ?? `#${value}`) });
      }}
    />
  );
}
