// Shared by the browser tests: a static server for dist/ on 127.0.0.1 and
// Debian's Chromium driven by playwright-core (no browser download).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { createRequire } from 'node:module';

// Required, not imported: an import of this CommonJS package first scans
// its large bundles for their export names, CPU every test file's process
// spends again, and the tests are CPU-bound.
const { chromium } = createRequire(import.meta.url)('playwright-core');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain',
};

// CHEVERSI_DIST=/some/dist runs the tests against another build.
export const DIST = process.env.CHEVERSI_DIST
  ? process.env.CHEVERSI_DIST.replace(/\/?$/, '/')
  : new URL('../../dist/', import.meta.url).pathname;

/**
 * Serves `root` under `prefix` (e.g. '/' or '/games/cheversi/').
 * Options: headers, sent with every response (e.g. { 'cache-control':
 * 'max-age=600' }, as static hosts do); types, content types by file
 * extension in place of the usual ones (e.g. { '.wasm': 'application/octet-stream' });
 * cleanUrls, as hosts with "clean URLs" answer (Cloudflare Pages, Netlify):
 * `x.html` redirects (308) to `x`, `index.html` to its folder, and `x` is
 * served from `x.html`.
 */
export async function serve(root = DIST, prefix = '/', options = {}) {
  const server = await serveAll({ [prefix]: root }, options);
  return { ...server, url: server.origin + prefix };
}

/**
 * Serves several folders on one origin, e.g. { '/cheversi/': a,
 * '/cheversi-dev/': b } (the longest matching prefix wins).
 */
export async function serveAll(mounts, { headers = {}, types = {}, cleanUrls = false } = {}) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const path = decodeURIComponent(url.pathname);
    const prefix = prefixes.find((p) => path.startsWith(p));
    if (prefix === undefined) { res.writeHead(404); res.end(); return; }
    if (cleanUrls && path.endsWith('.html')) {
      const clean = path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path.slice(0, -'.html'.length);
      res.writeHead(308, { location: clean + url.search }); res.end(); return;
    }
    const root = mounts[prefix];
    let file = normalize(join(root, path.slice(prefix.length)));
    if (!file.startsWith(normalize(root))) { res.writeHead(403); res.end(); return; }
    try {
      if (cleanUrls && !existsSync(file) && existsSync(file + '.html')) file += '.html';
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'content-type': types[extname(file)] ?? TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404); res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(ok); }) };
}

// The tests run Chromium's headless shell (Debian's
// chromium-headless-shell: the same engine without the full browser
// around it). It takes a fraction of the full browser's CPU per page
// load, and the tests are CPU-bound on 2 cores. The figures (`full: true`)
// time the full browser, as a visitor runs it. CHROMIUM=path overrides both
// (e.g. CHROMIUM=/usr/bin/chromium where the shell is installed but broken).
// `bfcache: true` lets the full browser keep a page left for another in its
// back/forward cache, as a visitor's does (Playwright turns it off; the
// shell has none).
const SHELL = '/usr/bin/chromium-headless-shell';

export async function launch({ full = false, bfcache = false } = {}) {
  const shell = !full && !bfcache && existsSync(SHELL);
  return chromium.launch({
    ignoreDefaultArgs: bfcache ? ['--disable-back-forward-cache'] : [],
    executablePath: process.env.CHROMIUM ?? (shell ? SHELL : '/usr/bin/chromium'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * A page in a new context that records console errors, uncaught exceptions
 * and Content-Security-Policy violations (`await violations()`).
 * Options: width, height, scale (device pixel ratio; > 1 also means touch),
 * locale, storage (localStorage seeded once), serviceWorkers ('block' |
 * 'allow': the app's offline copy is installed only where a test asks for
 * it, as installing it in every page costs CPU the shared pass lacks), init (a function run before the page's scripts), ready (wait
 * for the app's board; default true), colorScheme ('light' | 'dark': the
 * system theme the page sees).
 */
export async function open(browser, url, {
  width = 1280, height = 800, scale = 1, locale, storage, serviceWorkers = 'block', init, ready = true, colorScheme,
  reducedMotion,
} = {}) {
  const context = await browser.newContext({
    viewport: { width, height }, deviceScaleFactor: scale, hasTouch: scale > 1, locale, serviceWorkers,
    colorScheme, reducedMotion,
  });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  if (storage) {
    await context.addInitScript((items) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
    }, storage);
  }
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  if (url) {
    await page.goto(url);
    if (ready) await page.waitForSelector('body[data-ready="true"]');
  }
  const violations = () => page.evaluate(() => window.__violations);
  return { page, context, errors, violations };
}

/**
 * A page loaded as a visitor loads it: into a window that is already open.
 * Each new context of the full browser opens a window, whose own start-up
 * (the omnibox popup's WebUI pages) runs for about a second; beside a page
 * load on 2 cores it made the first board slower. So the window opens on
 * a blank page and settles for 1.5 s, and the page loads then. Options as
 * for `open`.
 */
export async function openInOpenWindow(browser, url, options = {}) {
  const opened = await open(browser, undefined, options);
  await opened.page.waitForTimeout(1500);
  await opened.page.goto(url);
  if (options.ready ?? true) await opened.page.waitForSelector('body[data-ready="true"]');
  return opened;
}

/** The square's grid cell (e.g. 'd4'). */
export function cell(page, square) {
  const index = (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97);
  return page.locator(`#grid [data-square="${index}"]`);
}

/**
 * Waits until `fn` (run in the page, may be async) returns a truthy value,
 * and returns it. page.waitForFunction does not await a promise: an async
 * predicate counts as true at once.
 */
export async function until(page, fn, arg, { timeout = 20000, interval = 20 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > end) throw new Error(`until: still false after ${timeout} ms: ${fn}`);
    await new Promise((ok) => setTimeout(ok, interval));
  }
}

/** Resolves after the next two animation frames (the page renders in one). */
export function settled(page) {
  return page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** Opens a link and waits until the page has taken it and shown what it
 *  says: the app drops the fragment once it has read it, and renders in
 *  the next frame. A link to the page already open changes only the
 *  fragment (no reload), so `data-ready` alone does not say the link was
 *  read. */
export async function follow(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  await until(page, () => location.hash === '');
  await settled(page);
}

/** Reloads the page with `file` held (its fetch waits), checks that the
 *  page asked for it once and `panel` is hidden while it loads, then
 *  reloads again with it free: what a reload during the loading keeps. */
export async function reloadAgainWhileLoading(page, file, panel) {
  let release;
  const held = new Promise((ok) => { release = ok; });
  let asked = 0;
  await page.route(`**/${file}`, async (route) => {
    asked += 1;
    await held;
    await route.continue().catch(() => {}); // its page is gone by then
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  for (let i = 0; asked === 0 && i < 250; i++) await new Promise((ok) => setTimeout(ok, 20));
  assert.equal(asked, 1, `the reload fetches ${file}`);
  assert.equal(await page.locator(panel).isHidden(), true, 'still loading');
  await page.unroute(`**/${file}`);
  await page.reload();
  release();
  await page.waitForSelector('body[data-ready="true"]');
}
