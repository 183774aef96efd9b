import { businessDate } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { MailerStep } from '../mail/index.ts';
import { queueReminders } from './appointment-mail.ts';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The mail worker's step for the day-before reminders: once the shop's business day has begun, the
 * booked and confirmed appointments of the next day not yet reminded get their reminder (each once).
 */
export const appointmentReminderStep =
  (ctx: Pick<AppContext, 'config'>): MailerStep =>
  async (db) =>
    queueReminders(db, nextDay(await businessDate(db, ctx.config.clock)), ctx.config.publicUrl);
