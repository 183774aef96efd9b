// npm start: build the web app when the build is missing or older than its sources, then run the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
try {
  buildWebIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// The server runs in server/; INIT_CWD (set by npm, or here when run as `node scripts/start.mjs`) tells it where a relative DATA_DIR points.
const env = { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() };
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/main.ts'], { cwd: path.join(root, 'server'), stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
