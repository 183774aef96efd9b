import { z } from 'zod';

/** A record's status travels as the text 'true' or 'false'. */
export const statusText = z.enum(['true', 'false']);
export type StatusText = z.infer<typeof statusText>;

export const statusBody = z.object({ status: statusText });

export const toStatusText = (value: boolean): StatusText => (value ? 'true' : 'false');
export const fromStatusText = (value: StatusText): boolean => value === 'true';
