// The page's start on hosts that differ: the wasm module is compiled from
// its first bytes (compile-<hash>.js, written by scripts/post-build.py) on
// a host that serves it as application/wasm, and the slow way on one that
// does not; either way the board and the computer player start.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open } from '../lib/harness.js';

const browser = await launch();
after(async () => { await browser.close(); });

async function start(types) {
  const server = await serve(undefined, '/', { types });
  const { page, context, errors, violations } = await open(browser, server.url);
  await page.waitForSelector('body[data-worker="ready"]');
  const compiled = await page.evaluate(async () => (await window.cheversiModule) instanceof WebAssembly.Module);
  const cells = await page.locator('#grid .cell').count();
  const found = { compiled, cells, errors: [...errors], violations: await violations() };
  await context.close();
  await server.close();
  return found;
}

test('served as application/wasm, the module compiled early starts the board and the computer player', async () => {
  const found = await start({});
  assert.equal(found.compiled, true, 'the early script compiled the module');
  assert.equal(found.cells, 64);
  assert.deepEqual(found.errors, []);
  assert.deepEqual(found.violations, []);
});

test('served as application/octet-stream, the module is compiled from its bytes and the game still starts', async () => {
  const found = await start({ '.wasm': 'application/octet-stream' });
  assert.equal(found.compiled, true, 'the fallback compiled the module');
  assert.equal(found.cells, 64);
  assert.deepEqual(found.errors, []);
  assert.deepEqual(found.violations, []);
});
