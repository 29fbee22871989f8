// The offline cache. scripts/post-build.py writes into this file the list
// of every file of the build (hashed names included) with its SHA-256, and
// a version made from them; each build's cache replaces the previous one.
const VERSION = '__VERSION__';
const CACHE = `cheversi-${VERSION}`;
const PRECACHE = self.__PRECACHE__;

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

// Every file is fetched past the browser's HTTP cache (behind a host's
// `Cache-Control: max-age`, it would hand back the old index.html, which
// names files this cache would not hold) and checked against this build's
// hash, so a half-published deployment or a proxy's stale copy fails the
// install: the running version stays, and the next update check tries
// again. Nothing is stored until every file has arrived and matched.
async function precache() {
  const responses = await Promise.all(PRECACHE.map(async ({ url, sha256 }) => {
    const response = await fetch(new Request(url, { cache: 'reload' }));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const digest = hex(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
    if (digest !== sha256) throw new Error(`${url} is not this build's file`);
    return [url, response];
  }));
  const cache = await caches.open(CACHE);
  await Promise.all(responses.map(([url, response]) => cache.put(url, response)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(async (error) => {
    await caches.delete(CACHE);
    console.warn('offline cache not installed:', error.message);
    throw error;
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('cheversi-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The page asks a waiting new version to take over when the player agrees.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === 'navigate') {
        const page = await cache.match('./');
        if (page) return page;
      }
      throw error;
    }
  })());
});
