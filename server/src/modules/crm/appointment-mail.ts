import { customerName } from '@tillbook/contract';
import { asc, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { appSetting } from '../../schema/index.ts';
import { enqueueMail, escapeHtml, shopMail } from '../mail/index.ts';

export type AppointmentNews = 'booked' | 'moved' | 'reminder';

interface MailFacts {
  id: number;
  date: string;
  time: string;
  duration_minutes: number;
  lead_name: string | null;
  lead_email: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  customer_email: string | null;
  staff: string;
}

const factsSql = (
  where: ReturnType<typeof sql>,
) => sql`select a.id, a.date::text as date, to_char(a.time, 'HH24:MI') as time, a.duration_minutes,
    l.name as lead_name, l.email as lead_email, c.username, c.first_name, c.last_name, c.email as customer_email,
    trim(u.first_name || ' ' || u.last_name) as staff
  from appointment a left join lead l on l.id = a.lead_id left join customer c on c.id = a.customer_id join users u on u.id = a.user_id
  where ${where}`;

const heading: Record<AppointmentNews, (f: MailFacts, shop: string) => string> = {
  booked: (f, shop) => `Your appointment at ${shop} on ${f.date} at ${f.time}`,
  moved: (f, shop) => `Your appointment at ${shop} has moved to ${f.date} at ${f.time}`,
  reminder: (f, shop) => `Reminder: your appointment at ${shop} tomorrow, ${f.date} at ${f.time}`,
};

const opening: Record<AppointmentNews, string> = {
  booked: 'Your appointment is booked.',
  moved: 'Your appointment has moved to a new time.',
  reminder: 'This is a reminder of your appointment tomorrow.',
};

/** Queues one appointment's mail (kind 'appointment') to its lead or customer, when they have an e-mail. */
async function queue(tx: DbOrTx, f: MailFacts, news: AppointmentNews, shop: string, publicUrl: string): Promise<boolean> {
  const to = f.lead_email ?? f.customer_email;
  if (!to) return false;
  const name = f.lead_name ?? customerName({ username: f.username, firstName: f.first_name, lastName: f.last_name });
  const subject = heading[news](f, shop);
  const lines = [
    `Hello ${name},`,
    opening[news],
    `When: ${f.date} at ${f.time} (${f.duration_minutes} minutes)`,
    `With: ${f.staff}`,
    'If you cannot come, please let us know.',
    `— ${shop}`,
  ];
  await enqueueMail(tx, {
    kind: 'appointment',
    to: [to],
    subject,
    ...(await shopMail(
      tx,
      { heading: subject, html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''), text: lines.join('\n\n') },
      { publicUrl },
    )),
  });
  return true;
}

const shopName = async (tx: DbOrTx) => {
  const [row] = await tx.select({ name: appSetting.companyName }).from(appSetting).orderBy(asc(appSetting.id)).limit(1);
  return row?.name?.trim() || 'Our shop';
};

/** The confirmation of a booking or of a move, in the write's transaction. */
export async function appointmentMail(tx: DbOrTx, appointmentId: number, news: AppointmentNews, publicUrl: string): Promise<boolean> {
  const [facts] = await rawRows<MailFacts>(tx, factsSql(sql`a.id = ${appointmentId}`));
  return facts ? queue(tx, facts, news, await shopName(tx), publicUrl) : false;
}

/**
 * The day-before reminders: in one transaction, one statement takes tomorrow's booked and confirmed
 * appointments not yet reminded and marks them (`reminder_sent_at`), so each is taken once even with
 * two workers at it (the second's update finds them marked); their mails are queued in the same
 * transaction, so a mark never stands without its mail. Answers how many were queued.
 */
export async function queueReminders(db: Db, tomorrow: string, publicUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = await rawRows<{ id: number }>(
      tx,
      sql`update appointment set reminder_sent_at = now()
          where date = ${tomorrow}::date and status in (0, 1) and reminder_sent_at is null
          returning id`,
    );
    if (!taken.length) return 0;
    const ids = taken.map((t) => t.id);
    const facts = await rawRows<MailFacts>(tx, factsSql(sql`a.id in (${sql.join(ids, sql`, `)}) order by a.id`));
    const shop = await shopName(tx);
    let queued = 0;
    for (const f of facts) if (await queue(tx, f, 'reminder', shop, publicUrl)) queued++;
    return queued;
  });
}
