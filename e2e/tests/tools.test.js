// scripts/tools/wasm-opt: trunk's call answered from the cache when the
// input is the same, optimised afresh when it is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tool = new URL('../../scripts/tools/wasm-opt', import.meta.url).pathname;
// The smallest modules: the header, then a type section with one `() -> ()`.
const empty = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
const typed = Buffer.concat([empty, Buffer.from([1, 4, 1, 0x60, 0, 0])]);

test('wasm-opt keeps each output under its input and flags, and reuses it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wasm-opt-'));
  const cache = join(dir, 'cache');
  const run = (input, out) => execFileSync(tool, [`--output=${out}`, '-Oz', input, '-Oz'],
    { env: { ...process.env, WASM_OPT_CACHE: cache } });
  const input = join(dir, 'in.wasm');
  writeFileSync(input, empty);
  run(input, join(dir, 'a.wasm'));
  const kept = readdirSync(cache);
  assert.equal(kept.length, 1);
  assert.equal(readFileSync(join(dir, 'a.wasm'))[0], 0, 'a wasm module written');
  // The same input again is answered from the cache: what it holds comes out.
  writeFileSync(join(cache, kept[0]), 'from the cache');
  run(input, join(dir, 'b.wasm'));
  assert.equal(readFileSync(join(dir, 'b.wasm'), 'utf8'), 'from the cache');
  // Another input is optimised, not answered from the cache.
  writeFileSync(input, typed);
  run(input, join(dir, 'c.wasm'));
  assert.notEqual(readFileSync(join(dir, 'c.wasm'), 'utf8'), 'from the cache');
  assert.equal(readdirSync(cache).length, 2);
  // Other calls go to wasm-opt itself.
  assert.match(execFileSync(tool, ['--version'], { encoding: 'utf8' }), /version 132/);
});
