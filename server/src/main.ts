import fs from 'node:fs';
import { boot } from './boot.ts';
import { readConfig } from './config.ts';

/** npm start builds the web app beside the server's start: its marker file goes once web/dist is the new build. */
async function webBuilt() {
  const marker = process.env.WEB_BUILD_PENDING;
  if (!marker) return;
  while (fs.existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, 50));
}

const config = readConfig();
const { app, database, close } = await boot(config, { beforeApp: webBuilt });

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
