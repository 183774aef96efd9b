// What a browser test needs of the server: boot() and readConfig(). The browser project's global setup bundles
// this file into one JavaScript file (scripts/bundle-server.mjs) that each test file imports natively, instead of
// transforming and loading the server's few hundred TypeScript files once per file (isolated files share none).
export { type Booted, boot } from '../../server/src/boot.ts';
export { readConfig } from '../../server/src/config.ts';
export { pgClient } from '../../server/src/platform/pg-client.ts';
