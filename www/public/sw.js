// The offline cache. scripts/post-build.py writes into this file the list
// of every file of the build (hashed names included) with its SHA-256, and
// a version made from them; each build's cache replaces the previous one.
// Caches are named by this service worker's scope as well (a space never
// appears in a URL), so deployments at two paths of one origin
// (/cheversi/ and /cheversi-dev/) keep their own offline copies.
const VERSION = '__VERSION__';
const SCOPE = self.registration.scope;
const PREFIX = `cheversi ${SCOPE} `;
const CACHE = PREFIX + VERSION;
const PRECACHE = self.__PRECACHE__;

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

// Every file is fetched past the browser's HTTP cache (behind a host's
// `Cache-Control: max-age`, it would hand back the old index.html, which
// names files this cache would not hold) and checked against this build's
// hash, so a half-published deployment or a proxy's stale copy fails the
// install: the running version stays, and the next update check tries
// again. Nothing is stored until every file has arrived and matched.
// A host with "clean URLs" answers x.html by a redirect to x: the browser
// refuses a redirected response for a page it navigates to, so the copy
// kept is the final one, as if it had been served at once.
async function settled(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function precache() {
  const responses = await Promise.all(PRECACHE.map(async ({ url, sha256 }) => {
    const response = await fetch(new Request(url, { cache: 'reload' }));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const digest = hex(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
    if (digest !== sha256) throw new Error(`${url} is not this build's file`);
    return [url, await settled(response)];
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

// Builds before scoped names used one 'cheversi-<version>' cache, shared
// by every deployment of the origin with that build: only this scope's
// files leave it (the build's files are all at the top of the scope).
async function leaveSharedCache(key) {
  const cache = await caches.open(key);
  const requests = await cache.keys();
  const ours = requests.filter(({ url }) => url.startsWith(SCOPE) && !url.slice(SCOPE.length).includes('/'));
  if (ours.length === requests.length) {
    await caches.delete(key);
  } else {
    for (const request of ours) await cache.delete(request);
  }
}

// This scope's older caches go; other deployments' caches stay.
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      else if (/^cheversi-[0-9a-f]{16}$/.test(key)) await leaveSharedCache(key);
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
        // Offline at a host's clean address (rules for rules.html): its
        // page, else the app.
        const path = new URL(request.url).pathname;
        const clean = /\/[^/.]+$/.test(path) && await cache.match(path + '.html');
        const page = clean || await cache.match('./');
        if (page) return page;
      }
      throw error;
    }
  })());
});
