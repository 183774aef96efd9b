// npm install and npm ci (postinstall): what a first `npm start` would otherwise make, made once here, side by side
// (on 2 cores the web build's threads and the database's single one overlap):
// - the embedded database's starting point and the demo shop's pictures (prepare-embedded.mjs);
// - the web app (build-web.mjs), when web/dist is missing or older than its sources, so a first start serves at once;
// - the server's bundle (bundle-server.mjs), which a start then uses as long as no source is newer.
// Never fails the install: what could not be made says why, and a first start makes it (slower).
// `node scripts/postinstall.mjs web` (or `embedded`, or `server`) makes one of them; the web bench runs the web's.
import { buildWebInBackground, webIsStale } from './build-web.mjs';
import { bundleServer } from './bundle-server.mjs';
import { prepareEmbedded } from './prepare-embedded.mjs';

const notBuilt = (why) => console.warn(`The web app was not built at install (${why}): npm start will build it (slower).`);

async function buildWeb() {
  let stale;
  try {
    stale = webIsStale();
  } catch (error) {
    return notBuilt(error.message);
  }
  if (!stale) return console.log('The web app is built already (web/dist is not older than its sources)');
  // CI serves the build to tests only: brotli at the quick quality saves about half the build's CPU there
  const ci = Boolean(process.env.CI) && process.env.CI !== 'false';
  try {
    await buildWebInBackground({ quick: ci });
  } catch (error) {
    notBuilt(error.message);
  }
}

const steps = { embedded: prepareEmbedded, web: buildWeb, server: bundleServer };
const picked = process.argv.slice(2);
await Promise.all(Object.entries(steps).map(([name, step]) => (picked.length === 0 || picked.includes(name) ? step() : undefined)));
