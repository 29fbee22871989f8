// The size budgets of e2e/budgets.json: the first page (every file fetched,
// by the page and its worker, until the board is interactive and the
// computer player is ready), the whole site, and each file the module
// leaves out. Sizes are deterministic, so these are tests, not benchmarks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { serve, launch, open, DIST } from '../lib/harness.js';

const budgets = JSON.parse(await readFile(new URL('../budgets.json', import.meta.url), 'utf8'));
const gz = async (name) => gzipSync(await readFile(DIST + name), { level: 9 }).length;
const glob = (pattern) => new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('the first page fetches only what the first board needs, within its budget', async () => {
  const { page, context, errors } = await open(browser, undefined, { locale: 'en-GB' });
  const files = new Set();
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname.slice(new URL(server.url).pathname.length);
    files.add(path || 'index.html');
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"][data-worker="ready"]');
  assert.deepEqual(errors, []);
  await context.close();
  // A browser fetches the page's icon too; the headless shell does not.
  const html = await readFile(DIST + 'index.html', 'utf8');
  const icons = [...html.matchAll(/<link\b[^>]*\brel="?icon\b[^>]*>/g)].map(([tag]) => /\bhref="?([^"\s>]+)/.exec(tag)?.[1]);
  assert.ok(icons.length > 0 && icons.every(Boolean), 'the page names its icon');
  for (const icon of icons) files.add(icon);
  const names = [...files].sort();
  for (const lazy of [/^puzzles\.txt$/, /^lessons/, /^duel_/, /^lang\//]) {
    assert.ok(!names.some((n) => lazy.test(n)), `the first page fetched ${names.find((n) => lazy.test(n))}`);
  }
  let bytes = 0;
  for (const name of names) bytes += await gz(name);
  assert.ok(bytes <= budgets.firstPage,
    `first page ${bytes} B gzipped, over its budget of ${budgets.firstPage} B: ${names.join(', ')}`);
});

test('the whole site and each data file stay within their budgets', async () => {
  let total = 0;
  const sizes = {};
  for (const entry of await readdir(DIST, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const name = relative(DIST, join(entry.parentPath ?? entry.path, entry.name));
    sizes[name] = await gz(name);
    total += sizes[name];
  }
  assert.ok(total <= budgets.site, `the site is ${total} B gzipped, over its budget of ${budgets.site} B`);
  for (const [pattern, budget] of Object.entries(budgets.files)) {
    const matching = Object.keys(sizes).filter((n) => glob(pattern).test(n));
    assert.ok(matching.length > 0, `no file ${pattern} in dist/`);
    for (const name of matching) {
      assert.ok(sizes[name] <= budget, `${name} is ${sizes[name]} B gzipped, over its budget of ${budget} B`);
    }
  }
});
