// Publishing builds for the update tests: copies of dist/, a "new build"
// made from a copy, and deploying one over a served folder.
//
// A new build is simulated rather than compiled: what a real rebuild with
// changed code changes is the content of the app and the worker, and so
// the names that carry a content hash, every file that refers to those
// names, and the service worker's file list and version. newBuild() does
// exactly that to a copy of dist/: it appends a marker to every hashed
// file (a comment to JS and CSS, a custom section to WebAssembly, which
// the engine ignores) and to every other .wasm, gives each hashed file the
// name of its new content, rewrites the references in the other files, and
// rewrites sw.js's precache list and version as scripts/post-build.py
// would (file hashes included when the list has them).
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DIST } from './harness.js';

const HASHED = /^(.+)-([0-9a-f]{8,16})((?:_bg)?\.(?:js|wasm|css))$/;
const TEXT = /\.(html|js|css|webmanifest|json|svg|txt)$/;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Every file of a build, by its path inside it ('lessons/en.lang'). */
async function filesOf(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)));
}

/** A fresh copy of dist/ (or of `from`) in a temporary folder. */
export async function copyBuild(from = DIST) {
  const dir = await mkdtemp(join(tmpdir(), 'cheversi-build-'));
  await cp(from, dir, { recursive: true });
  return dir;
}

/** Replaces everything in `target` by the files of `build` (rsync --delete). */
export async function deploy(build, target, { except = [] } = {}) {
  for (const name of await readdir(target)) {
    if (!except.includes(name)) await rm(join(target, name), { recursive: true });
  }
  for (const name of await readdir(build)) {
    if (!except.includes(name)) await cp(join(build, name), join(target, name), { recursive: true });
  }
}

function wasmCustomSection(name, payload) {
  const leb = (n) => { const out = []; do { let b = n & 0x7f; n >>>= 7; if (n) b |= 0x80; out.push(b); } while (n); return out; };
  const body = [...leb(name.length), ...Buffer.from(name), ...Buffer.from(payload)];
  return Buffer.from([0, ...leb(body.length), ...body]);
}

function mark(name, bytes, tag) {
  if (name.endsWith('.wasm')) return Buffer.concat([bytes, wasmCustomSection('build', tag)]);
  if (name.endsWith('.js') || name.endsWith('.css')) return Buffer.concat([bytes, Buffer.from(`\n/* build ${tag} */\n`)]);
  return bytes;
}

/**
 * Turns the build in `dir` into a new build, in place. Returns
 * { version, renamed: Map(old name -> new name) }.
 */
export async function newBuild(dir, tag = 'next') {
  const names = await filesOf(dir);
  const files = new Map();
  for (const name of names) files.set(name, await readFile(join(dir, name)));
  for (const name of names) {
    if (name.endsWith('.wasm') && !HASHED.test(name)) files.set(name, mark(name, files.get(name), tag));
  }
  // Hashed files, each after the hashed files it names (a loader names its
  // worker, the start script names the app).
  const renamed = new Map();
  let pending = names.filter((n) => HASHED.test(n));
  while (pending.length) {
    const ready = pending.filter((n) => !pending.some((other) => other !== n && files.get(n).includes(other)));
    if (!ready.length) throw new Error(`newBuild: hashed files name each other: ${pending}`);
    for (const old of ready) {
      const bytes = mark(old, files.get(old), tag);
      const [, stem, , suffix] = HASHED.exec(old);
      const name = `${stem}-${sha256(bytes).slice(0, 16)}${suffix}`;
      files.delete(old);
      files.set(name, bytes);
      renamed.set(old, name);
      for (const [other, content] of files) {
        if (TEXT.test(other) && content.includes(old)) {
          files.set(other, Buffer.from(content.toString('utf8').replaceAll(old, name)));
        }
      }
    }
    pending = pending.filter((n) => !ready.includes(n));
  }
  // The service worker: its list of files and its version.
  let sw = files.get('sw.js').toString('utf8');
  const list = /const PRECACHE = (\[[\s\S]*?\]);/.exec(sw);
  if (!list) throw new Error('newBuild: no precache list in sw.js');
  const bodyOf = (url) => files.get(url === './' ? 'index.html' : url.replace(/^\.\//, ''));
  const entries = JSON.parse(list[1]).map((entry) => {
    if (typeof entry === 'string') return renamed.get(entry.slice(2)) ? './' + renamed.get(entry.slice(2)) : entry;
    const url = renamed.get(entry.url.slice(2)) ? './' + renamed.get(entry.url.slice(2)) : entry.url;
    return { ...entry, url, sha256: sha256(bodyOf(url)) };
  });
  const version = sha256(Buffer.from(JSON.stringify(entries) + tag)).slice(0, 16);
  sw = sw.replace(list[0], `const PRECACHE = ${JSON.stringify(entries, null, 2)};`)
    .replace(/const VERSION = '[0-9a-f]+'/, `const VERSION = '${version}'`);
  if (!sw.includes(version)) throw new Error('newBuild: no version in sw.js');
  files.set('sw.js', Buffer.from(sw));
  for (const old of renamed.keys()) await rm(join(dir, old));
  for (const [name, bytes] of files) await writeFile(join(dir, name), bytes);
  return { version, renamed };
}

/** The SHA-256 (hex) of every file of a build, by URL as the service worker caches it. */
export async function fileHashes(dir) {
  const out = {};
  for (const name of await filesOf(dir)) {
    if (name === 'sw.js') continue;
    out['./' + name] = sha256(await readFile(join(dir, name)));
  }
  out['./'] = out['./index.html'];
  return out;
}
