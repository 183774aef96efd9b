// npm run restore -- <file> [--force]: a backup into an empty data folder (embedded) or database (DATABASE_URL).
import { readConfig } from '../config.ts';
import { fileArgument, runCommand } from './cli-args.ts';
import { restoreBackup } from './restore.ts';

const { file, force } = fileArgument('restore');

runCommand(async () => {
  const config = readConfig();
  await restoreBackup(file, { dataDir: config.dataDir, url: config.databaseUrl, force });
  return `Restored ${file} into ${config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir}; start the server on it`;
});
