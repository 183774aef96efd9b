import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './platform/db.ts';
import { seedBase } from './seed/base.ts';
import { seedDemo } from './seed/demo.ts';
import { signingSecret } from './seed/secret.ts';

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedBase(database.db, { adminUsername: config.adminUsername, adminPassword: config.adminPassword });
if (config.seedDemo) await seedDemo(database.db);
const app = await buildApp({ db: database.db, config, secret: await signingSecret(database.db, config) });

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Tillbook on http://localhost:${config.port} (${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`);
