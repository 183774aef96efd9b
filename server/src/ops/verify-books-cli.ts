// npm run verify-books: walks the sales journal's hash chains and names the first document that no longer matches.
import type { JournalVerification } from '@tillbook/contract';
import { readConfig } from '../config.ts';
import { describeVerification, verifyJournal } from '../modules/audit/index.ts';
import { openDatabase } from '../platform/db.ts';
import { readRunningServer } from './running-server.ts';

async function verification(): Promise<JournalVerification> {
  const config = readConfig();
  const running = config.databaseUrl ? undefined : readRunningServer(config.dataDir);
  if (running) {
    // the server has the embedded database open: it walks the chains and answers
    const answer = await fetch(`http://127.0.0.1:${running.port}/ops/verify-books`, { headers: { 'x-ops-token': running.token } });
    if (!answer.ok) throw new Error(`The running server refused the verification (${answer.status}): ${await answer.text()}`);
    return (await answer.json()) as JournalVerification;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    return await verifyJournal(database.db);
  } finally {
    await database.close();
  }
}

verification().then(
  (result) => {
    console.log(describeVerification(result));
    process.exit(result.ok ? 0 : 1);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
