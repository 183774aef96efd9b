// npm install (postinstall): a migrated, empty embedded cluster for first starts (see platform/embedded-template.ts).

import { newPglite, openDatabase } from '../src/platform/db.ts';
import { keepAsTemplate } from '../src/platform/embedded-template.ts';

const started = performance.now();
const client = newPglite();
const database = await openDatabase({ pglite: client });
const file = await keepAsTemplate(client);
await database.close();
console.log(`Prepared the embedded database's starting point in ${((performance.now() - started) / 1000).toFixed(1)} s (${file})`);
