import { useQuery } from '@tanstack/react-query';
import { records, routes, rowsOf, type TillRecord } from '@tillbook/contract';
import { api } from '../../../lib/api.ts';
import { must } from '../../../lib/http.ts';

/** Where this device keeps the till it is (chosen once, changed by a manager). */
const deviceKey = 'tillbook.device-till';

export const deviceTillId = (): number | null => {
  const kept = Number(localStorage.getItem(deviceKey));
  return Number.isInteger(kept) && kept > 0 ? kept : null;
};
export const setDeviceTill = (id: number | null) => (id ? localStorage.setItem(deviceKey, String(id)) : localStorage.removeItem(deviceKey));

export const tillsKey = ['till', 'tills'];

/** The shop's active tills, each with its open session (if any). */
export function useTills() {
  return useQuery({
    queryKey: tillsKey,
    queryFn: () => must(api(records.till.list, { query: { query: 'all', status: 'true' } })),
    select: (answer) => rowsOf<TillRecord>(answer, 'Till'),
  });
}

export const reportKey = (id: number) => ['till', 'report', id];

/** A session's report: the X while it is open, its frozen Z once closed. */
export function useSessionReport(id: number) {
  return useQuery({ queryKey: reportKey(id), queryFn: () => must(api(routes.tillSession.xReport, { params: { id } })) });
}
