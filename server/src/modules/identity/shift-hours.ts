import { shiftHours } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { shift } from '../../schema/index.ts';

/** A shift's hours are the server's: worked out from its times on every write, answered beside them. */
export const shiftExtras: Partial<ResourceDefinition> = {
  computed: { workHour: sql<number | null>`${shift.workHour}::float8` },
  prepare: async (_tx, values, current) => {
    const startTime = String(values.startTime ?? current?.startTime ?? '');
    const endTime = String(values.endTime ?? current?.endTime ?? '');
    if (values.startTime === undefined && values.endTime === undefined) return values;
    return { ...values, workHour: shiftHours(startTime, endTime) };
  },
};
