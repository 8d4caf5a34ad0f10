// Service worker of the documentation: it only answers page navigations that fail because the
// network is down, with a small page that says so and offers Retry. Nothing else is cached, so
// readers always get the current site when they are online.
const OFFLINE_PAGE = '/docs/offline';
const CACHE = 'tributary-docs-offline-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, {cache: 'reload'})))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
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
