import type { QueryClient } from '@tanstack/react-query';

/**
 * Registers the till's service worker (web/public/sw.js, issue 33), so the till's page opens without the server.
 * When it first takes the page over, it is told the built files already loaded (it keeps them), and the page's
 * reads are asked again, through it, so it keeps their answers too.
 */
export function keepTillOffline(queryClient: QueryClient): void {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  const keep = (worker: ServiceWorker | null) => {
    const loaded = performance.getEntriesByType('resource').map((e) => e.name);
    worker?.postMessage({
      type: 'keep',
      urls: [window.location.pathname, ...loaded.filter((u) => new URL(u).pathname.startsWith('/assets/'))],
    });
  };
  workers.addEventListener('controllerchange', () => {
    keep(workers.controller);
    void queryClient.invalidateQueries();
  });
  workers.register('/sw.js').then(
    () => keep(workers.controller),
    () => undefined,
  );
}
