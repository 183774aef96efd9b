import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { boot } from './boot.ts';
import { readConfig } from './config.ts';
import { closeOnSignals } from './platform/shutdown.ts';

/** npm start builds the web app beside the server's start: its marker file goes once web/dist is the new build. */
async function webBuilt() {
  const marker = process.env.WEB_BUILD_PENDING;
  if (!marker) return;
  while (fs.existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, 50));
}

const config = readConfig();
const { app, database, listening, close } = await boot(config, { beforeApp: webBuilt });

// SIGTERM: the listener closes, requests in flight and the mail worker's send finish, the database closes, exit 0 (within 10 s)
closeOnSignals(close, app.log);

await app.listen({ port: config.port, host: config.host });
const port = (app.server.address() as AddressInfo).port;
listening(port);
app.log.info(
  `Tillbook on http://localhost:${port} (${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
);
