// npm install (postinstall): a migrated, empty embedded cluster for first starts (see platform/embedded-template.ts),
// and the demo shop's pictures, drawn and encoded once (seed/demo-pictures-cache.ts).

import fs from 'node:fs';
import path from 'node:path';
import { newPglite, openDatabase } from '../src/platform/db.ts';
import { keepAsTemplate, templateFolder } from '../src/platform/embedded-template.ts';
import { demoProductImages } from '../src/seed/demo-products.ts';

const started = performance.now();
// made on disk beside where it is kept (so it is moved, not copied, into place)
fs.mkdirSync(path.dirname(templateFolder()), { recursive: true });
const dataDir = fs.mkdtempSync(`${templateFolder()}.making-`);
try {
  const client = newPglite({ dataDir });
  await openDatabase({ pglite: client });
  const file = await keepAsTemplate(client, dataDir);
  console.log(`Prepared the embedded database's starting point in ${((performance.now() - started) / 1000).toFixed(1)} s (${file})`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
// without them a first start draws them (and keeps them for the next)
const drawing = performance.now();
try {
  await demoProductImages();
  console.log(`The demo shop's pictures are ready (drawn, or kept from before) in ${((performance.now() - drawing) / 1000).toFixed(1)} s`);
} catch (error) {
  console.warn(`The demo shop's pictures were not drawn (a first start draws them): ${(error as Error).message}`);
}
