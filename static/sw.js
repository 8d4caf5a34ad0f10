// Service worker of the documentation: it only answers page navigations that fail because the
// network is down, with a small page that says so and offers Retry. Nothing else is cached, so
// readers always get the current site when they are online.
/// <reference lib="webworker" />
const OFFLINE_PAGE = '/docs/offline';
/** The worker's global scope, typed for the checker (tsconfig.js.json). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = 'tributary-docs-offline-v1';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, {cache: 'reload'})))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(async () => {
      const page = await caches.match(OFFLINE_PAGE);
      if (!page) return Response.error();
      const html = (await page.text()).replaceAll('{{RETRY_URL}}', new URL(event.request.url).pathname);
      return new Response(html, {status: 503, headers: {'Content-Type': 'text/html; charset=utf-8'}});
    }),
  );
});
