// postinstall: prepare the embedded database's starting point (server/scripts/prepare-embedded.ts), so a first
// `npm start` need not create and migrate a PostgreSQL cluster. Never fails the install: without it, a first
// start creates the cluster itself, only slower.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
if (!fs.existsSync(tsx)) process.exit(0);
const made = spawnSync(tsx, ['scripts/prepare-embedded.ts'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
if (made.status !== 0) console.warn('The embedded database was not prepared: a first start will create it (slower).');
