/*
 * Tillbook's service worker (issue 33): the till loads without the server. It keeps the admin app's page and its
 * built files, and the few answers the till reads before it can sell (its tills and session, the payment
 * methods, the receipt sizes, the settings, the signed-in user's permissions), so a reload or a new tab opens
 * the till offline; the catalogue and the queue are the till's own (IndexedDB). Online, the network answers
 * first and every answer kept is refreshed; offline, the kept one answers.
 */
const cacheName = 'tillbook-till-v1';
const shell = '/admin/pos';
// the GET answers the till needs to start (by path; their query strings are kept as they were asked)
const tillReads = [
  /^\/v1\/till(\?|$)/,
  /^\/v1\/payment-method(\?|$)/,
  /^\/v1\/page-size(\?|$)/,
  /^\/v1\/setting/,
  /^\/v1\/role-permission\/permission/,
  /^\/v1\/user\/\d+$/,
];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function networkFirst(request, key) {
  const cache = await caches.open(cacheName);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // any page of the admin app is the same app: kept once, under the till's address
  if (request.mode === 'navigate' && url.pathname.startsWith('/admin')) return event.respondWith(networkFirst(request, shell));
  // built files never change under their name
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
  if (tillReads.some((path) => path.test(url.pathname + url.search))) return event.respondWith(networkFirst(request, request.url));
});

// the page names what it already loaded before this worker took it over (the app's built files, the page): kept now
self.addEventListener('message', (event) => {
  const urls = event.data?.type === 'keep' && Array.isArray(event.data.urls) ? event.data.urls : [];
  event.waitUntil(
    caches.open(cacheName).then((cache) =>
      Promise.all(
        urls
          .filter((u) => typeof u === 'string' && new URL(u, self.location.origin).origin === self.location.origin)
          .map((u) => {
            const path = new URL(u, self.location.origin).pathname;
            const key = path.startsWith('/admin') ? shell : u;
            return fetch(u).then(
              (answer) => (answer.ok ? cache.put(key, answer) : undefined),
              () => undefined,
            );
          }),
      ),
    ),
  );
});
