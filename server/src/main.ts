import { boot } from './boot.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const { app, database, close } = await boot(config);

const stop = async () => {
  await close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Tillbook on http://localhost:${config.port} (${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
);
