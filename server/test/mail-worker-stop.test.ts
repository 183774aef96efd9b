import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { enqueueMail, Mailer } from '../src/modules/mail/index.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';
import { makeSettings, startSmtp } from './smtp-fixture.ts';

/** The mail worker stopped mid-batch (as on SIGTERM): the mail being sent goes out, the rest wait for the next start. */
const t = useTestApp();
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
  await t.app.mailer.stop();
});
afterAll(() => {
  t.app.mailer.start();
});

test('stop finishes the mail being sent and gives the rest of the batch back at once', async () => {
  const slow = await startSmtp({ delayMs: 800 });
  try {
    const settings = await makeSettings(t, owner, slow.port);
    const subjects = ['Stop 1', 'Stop 2', 'Stop 3'];
    const ids = await t.database.db.transaction(async (tx) => {
      const made: number[] = [];
      for (const subject of subjects) {
        made.push(
          await enqueueMail(tx, {
            kind: 'freeForm',
            to: ['stop@example.com'],
            subject,
            html: '<p>s</p>',
            text: 's',
            emailConfigName: settings.emailConfigName,
          }),
        );
      }
      return made;
    });
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const leased = async () =>
      (
        await rows(
          t,
          sql`select count(*)::int as n from outbox where id in (${idList}) and next_attempt_at > now() + interval '100 seconds'`,
        )
      )[0].n as number;

    const worker = new Mailer(t.database.db, t.config);
    worker.start();
    // the batch is claimed (leased ahead) and the first mail is on its way to the slow server
    while ((await leased()) < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();

    expect(slow.received.map((m) => /^Subject: (.+)$/m.exec(m.raw)?.[1])).toEqual(['Stop 1']);
    const states = await rows(
      t,
      sql`select subject, state, case when state = 'queued' then next_attempt_at <= now() end as due from outbox where id in (${idList}) order by id`,
    );
    expect(states).toEqual([
      { subject: 'Stop 1', state: 'sent', due: null },
      { subject: 'Stop 2', state: 'queued', due: true },
      { subject: 'Stop 3', state: 'queued', due: true },
    ]);
  } finally {
    await slow.close();
  }
});
