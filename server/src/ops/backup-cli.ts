// npm run backup -- <file> [--force]: the shop's database and uploads in one file, taken while the shop runs.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { readConfig } from '../config.ts';
import { backupToFile } from './backup.ts';
import { writeWhole } from './backup-file.ts';
import { fileArgument, runCommand } from './cli-args.ts';
import { readRunningServer } from './running-server.ts';

const { file, force } = fileArgument('backup');

runCommand(async () => {
  if (fs.existsSync(file) && !force) throw new Error(`${file} exists: name a new file, or add --force to replace it`);
  const config = readConfig();
  const running = config.databaseUrl ? undefined : readRunningServer(config.dataDir);
  if (config.databaseUrl) await backupToFile({ kind: 'postgres', url: config.databaseUrl, dataDir: config.dataDir }, file);
  else if (running) {
    // the server has the embedded database open: it takes the snapshot and sends it
    const answer = await fetch(`http://127.0.0.1:${running.port}/ops/backup`, {
      method: 'POST',
      headers: { 'x-ops-token': running.token },
    });
    if (!answer.ok || !answer.body) throw new Error(`The running server refused the backup (${answer.status}): ${await answer.text()}`);
    await writeWhole(Readable.fromWeb(answer.body as never), file);
  } else await backupToFile({ kind: 'embedded-folder', dataDir: config.dataDir }, file);
  return `Backup written to ${file} (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB${running ? ', taken by the running server' : ''})`;
});
