import { customerName, records, routes, rowsOf } from '@tillbook/contract';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';

interface Option {
  value: number;
  label: string;
}

// biome-ignore lint/suspicious/noExplicitAny: Form.Item hands the control its value and onChange
type Control = { id?: string; value?: any; onChange?: (value: any) => void };

/** A select that asks the server for the rows matching what is typed (the first ones when nothing is). */
function SearchPicker({
  find,
  known,
  label,
  ...control
}: Control & { find: (key: string) => Promise<Option[]>; known?: Option; label: string }) {
  const [found, setFound] = useState<Option[]>([]);
  const [key, setKey] = useState('');
  const latest = useRef('');
  useEffect(() => {
    latest.current = key;
    const timer = setTimeout(async () => {
      const options = await find(key);
      if (latest.current === key) setFound(options);
    }, 200);
    return () => clearTimeout(timer);
  }, [key, find]);
  const options = known && !found.some((o) => o.value === known.value) ? [known, ...found] : found;
  return (
    <Select
      {...control}
      aria-label={label}
      placeholder="Type to search"
      showSearch={{ filterOption: false, onSearch: setKey }}
      options={options}
      notFoundContent={key ? 'Nobody by that name' : null}
    />
  );
}

async function findLeads(key: string): Promise<Option[]> {
  const query = key.trim() ? { query: 'search', key: key.trim(), count: 20 } : { count: 20, sort: 'createdAt', order: 'desc' };
  const answer = await api(routes.lead.list, { query });
  if (answer.error !== undefined) return [];
  return answer.data.getAllLead.map((l) => ({ value: l.id, label: [l.name, l.phone ?? l.email].filter(Boolean).join(' · ') }));
}

async function findCustomers(key: string): Promise<Option[]> {
  const query = key.trim() ? { query: 'search', key: key.trim(), count: 20 } : { count: 20 };
  const answer = await api(records.customer.list, { query });
  if (answer.error !== undefined) return [];
  return rowsOf(answer.data, 'Customer').map((c) => ({
    value: c.id,
    label: [customerName(c), c.phone ?? c.email].filter(Boolean).join(' · ') || `#${c.id}`,
  }));
}

export const LeadPicker = (props: Control & { known?: Option }) => <SearchPicker {...props} find={findLeads} label="Lead" />;
export const CustomerPicker = (props: Control & { known?: Option }) => <SearchPicker {...props} find={findCustomers} label="Customer" />;
