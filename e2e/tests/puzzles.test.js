// Puzzles: the puzzle of the day solved by its solution, a wrong move
// failed, refuted and retried, the solution shown on another puzzle, the
// streak kept over a reload, the puzzle shown opened again by a reload (one
// still loading too), a link to a puzzle, the game at this device
// untouched, phone size, axe, and the whole thing offline.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, open, until, reloadAgainWhileLoading, DIST, settled } from '../lib/harness.js';
import { axe, serious, explain } from '../lib/axe.js';
import { typeMove } from '../lib/play.js';

let server, browser, puzzles;
before(async () => {
  server = await serve(undefined, '/games/cheversi/');
  browser = await launch();
  // The shipped file, read as the tests' own copy of the solutions.
  const text = await readFile(join(DIST, 'puzzles.txt'), 'utf8');
  puzzles = new Map(text.split('\n').filter((l) => l && !l.startsWith('#')).map((line) => {
    const fields = line.split(' ');
    const [game, rating, goal, moves, solution] = fields.slice(-5);
    const id = fields.length === 6 ? fields[0] : idOf(game, moves);
    const list = (s) => (s === '-' ? [] : s.split(','));
    return [id, { id, game, rating: Number(rating), goal, moves: list(moves), line: list(solution) }];
  }));
});
after(async () => { await browser.close(); await server.close(); });

/** A puzzle's id where the file leaves it out: FNV-1a of "game moves 0",
 * modulo 36^8, in base 36 (the file format's rule, written again here). */
function idOf(game, moves) {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(`${game} ${moves === '-' ? '' : moves} 0`)) {
    h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return (h % 2821109907456n).toString(36);
}

const CHEVERSI = ['lewicki', 'lewicki-any', 'lewicki-free', 'brainking-classic', 'brainking'];
const count = (page) => page.locator('#moves .move').count();
const state = (page) => page.locator('#puzzle').getAttribute('data-state');

/** The puzzle file's fetches from now on (a reopened puzzle fetches it
 *  as the page starts, before its first frame). */
function puzzleFetches(page) {
  const urls = [];
  page.on('request', (r) => { if (r.url().endsWith('/puzzles.txt')) urls.push(r.url()); });
  return urls;
}

/** Reloads the page and checks that no puzzle opens again: the puzzle
 *  file is not fetched, and the panel stays hidden. */
async function reloadOpensNoPuzzle(page) {
  const fetched = puzzleFetches(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await settled(page);
  assert.deepEqual(fetched, [], 'no puzzle opened again');
  assert.equal(await page.locator('#puzzle').isHidden(), true);
}

/** The puzzle shown, from the shipped file. */
async function shown(page) {
  await until(page, () => document.querySelector('#puzzle')?.dataset.state === 'playing');
  const id = await page.locator('#puzzle').getAttribute('data-id');
  const puzzle = puzzles.get(id);
  assert.ok(puzzle, `puzzle ${id} is in the file`);
  return puzzle;
}

/** Plays the solver's moves of the solution; the replies come by themselves. */
async function solve(page, puzzle) {
  for (let i = 0; i < puzzle.line.length; i++) {
    await until(page, (n) => document.querySelectorAll('#moves .move').length >= n, puzzle.moves.length + i);
    if (await count(page) === puzzle.moves.length + i) await typeMove(page, puzzle.line[i]);
  }
  await until(page, () => document.querySelector('#puzzle').dataset.state === 'solved');
}

test('the puzzle of the day is solved by its solution and the streak survives a reload', async () => {
  const { page, context, errors, violations } = await open(browser, server.url);
  await typeMove(page, 'Kd4');
  await until(page, () => document.querySelectorAll('#moves .move').length === 2);
  const before = await count(page);
  await page.click('#puzzles-button');
  const puzzle = await shown(page);
  assert.match(await page.locator('#puzzle-title').textContent(), /^Puzzle of the day \(\d{4}-\d\d-\d\d\)$/);
  const section = page.locator('#puzzle');
  const cheversi = CHEVERSI.includes(puzzle.game);
  assert.equal(await section.getAttribute('data-rules'), cheversi ? puzzle.game : '');
  assert.equal(await section.getAttribute('data-variant'), cheversi ? '' : puzzle.game);
  assert.equal(await section.getAttribute('data-moves'), puzzle.moves.join(' '));
  assert.equal(await count(page), puzzle.moves.length);
  assert.match(await page.locator('#puzzle-goal').textContent(), cheversi ? /to place, \d+ placements left/ : /wins (in \d+ )?with best play/);
  // No evaluation gives the answer away while it is being solved.
  await page.check('#show-eval');
  await settled(page);
  assert.equal(await page.locator('#eval').isHidden(), true);
  assert.equal(await page.locator('#review-button').isDisabled(), true, 'no review while it is being solved');
  assert.equal(await page.locator('#learn-invite').isVisible(), false, 'the newcomer invitation is the game page\'s');
  await solve(page, puzzle);
  assert.match(await page.locator('#puzzle-feedback').textContent(), /^Solved!/);
  assert.equal(await page.locator('#puzzle-progress').getAttribute('data-streak'), '1');
  assert.match(await page.locator('#puzzle-progress').textContent(), /streak 1 .*You solved today's puzzle\./);

  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  // The puzzle shown opens again, and the game at this device was never
  // replaced by it.
  assert.equal((await shown(page)).id, puzzle.id);
  assert.equal(await page.locator('#puzzle-progress').getAttribute('data-streak'), '1');
  await page.click('#puzzle-exit');
  await settled(page);
  assert.equal(await count(page), before);
  await page.click('#puzzles-button');
  const next = await shown(page);
  assert.notEqual(next.id, puzzle.id, 'today\'s puzzle was tried: the next one opens');
  assert.equal(await page.locator('#puzzle-progress').getAttribute('data-streak'), '1');
  await page.click('#puzzle-exit');
  await settled(page);
  assert.equal(await page.locator('#puzzle').isHidden(), true);
  assert.equal(await count(page), before);
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

// A reload (the update bar's too) opens the puzzle shown again, where it
// used to close it; once back at the game, a reload opens the game.
test('a reload opens the puzzle shown again, and the game once back at it', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await typeMove(page, 'Kd4');
  await until(page, () => document.querySelectorAll('#moves .move').length === 2);
  const before = await count(page);
  await page.click('#puzzles-button');
  const first = await shown(page);
  await page.click('#puzzle-next');
  await until(page, (id) => document.querySelector('#puzzle').dataset.id !== id, first.id);
  const puzzle = await shown(page);
  await typeMove(page, puzzle.line[0]);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  const again = await shown(page);
  assert.equal(again.id, puzzle.id);
  assert.equal(await count(page), puzzle.moves.length, 'from its start');
  await page.click('#puzzle-exit');
  await settled(page);
  assert.equal(await count(page), before);
  await reloadOpensNoPuzzle(page);
  assert.equal(await count(page), before);
  assert.deepEqual(errors, []);
  await context.close();
});

// A second reload while the reopened puzzle's file still loads opens it
// again: the puzzle being fetched is kept as the one shown (nothing was
// shown yet, and it was lost).
test('a reload while the reopened puzzle still loads opens it again', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await page.click('#puzzles-button');
  const puzzle = await shown(page);
  await reloadAgainWhileLoading(page, 'puzzles.txt', '#puzzle');
  assert.equal((await shown(page)).id, puzzle.id);
  assert.deepEqual(errors, []);
  await context.close();
});

// A page the tab opens by a link after a puzzle shows the link's game, and
// so does its reload: the puzzle kept from before is not opened then.
test('after a puzzle, a page opened by a link reloads to the link\'s game', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await page.click('#puzzles-button');
  await shown(page);
  await page.goto(server.url + 'rules.html');
  await page.goto(server.url + '#game=cheversi&rules=lewicki&moves=Qd4');
  await page.waitForSelector('body[data-ready="true"]');
  await until(page, () => document.querySelectorAll('#moves .move').length === 1);
  await reloadOpensNoPuzzle(page);
  assert.equal(await count(page), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

// Back to the puzzle's page from another: the puzzle is there, and
// nothing is kept while it is shown (a copy of the tab, or a tab a phone
// ended, would open a puzzle the person had left since).
test('back to a puzzle from another page: the puzzle shows, nothing stays kept', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await page.click('#puzzles-button');
  const puzzle = await shown(page);
  await page.goto(server.url + 'rules.html');
  await page.goBack();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal((await shown(page)).id, puzzle.id);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('cheversi.reopen')), null);
  assert.deepEqual(errors, []);
  await context.close();
});

// The same, back from the back/forward cache, where the page comes back as
// it was left (no start: \`pageshow\` alone says it is shown again), and
// still plays.
test('back to a puzzle from the back/forward cache: the puzzle shows, nothing stays kept', async () => {
  const full = await launch({ bfcache: true });
  const { page, context, errors } = await open(full, server.url);
  await page.click('#puzzles-button');
  const puzzle = await shown(page);
  await page.evaluate(() => { window.stayed = true; });
  await page.goto(server.url + 'rules.html');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('cheversi.reopen')), `#puzzle=${puzzle.id}`, 'kept while away');
  await page.goBack({ waitUntil: 'commit' }); // no load event: the page is not loaded again
  await until(page, () => window.stayed === true && document.visibilityState === 'visible');
  assert.equal((await shown(page)).id, puzzle.id);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('cheversi.reopen')), null);
  const before = await count(page);
  await typeMove(page, puzzle.line[0]);
  await until(page, (n) => document.querySelectorAll('#moves .move').length > n, before);
  assert.deepEqual(errors, []);
  await context.close();
  await full.close();
});

// What the page has to say as it starts is not said over by a puzzle
// opened again: the puzzle stays closed then.
test('a reload with something to say says it and opens no puzzle again', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await page.click('#puzzles-button');
  await shown(page);
  await page.evaluate(() => localStorage.setItem('cheversi.game', '{"version":1,"record":'));
  await reloadOpensNoPuzzle(page);
  assert.match(await page.locator('#status').textContent(), /^The saved game could not be read \(.+\); it was set aside/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong move fails with its refutation, retry brings the position back', async () => {
  // A Cheversi puzzle near the end: the refutation is proven at once.
  const puzzle = [...puzzles.values()].filter((p) => CHEVERSI.includes(p.game))
    .sort((a, b) => b.moves.length - a.moves.length)[0];
  const { page, context, errors } = await open(browser, `${server.url}#puzzle=${puzzle.id}`);
  assert.equal((await shown(page)).id, puzzle.id);
  assert.match(await page.locator('#puzzle-title').textContent(), new RegExp(`Puzzle (${puzzle.id}|of the day)`));
  // Any legal placement but the solution's: tried until one is taken.
  const letters = await page.locator('.reserve-piece:not([disabled]):not(.unusable)').evaluateAll(
    (els) => [...new Set(els.map((e) => e.dataset.piece))]);
  let wrong = null;
  search: for (const letter of letters) {
    for (const file of 'abcdefgh') {
      for (const rank of '12345678') {
        const mv = `${letter}${file}${rank}`;
        if (mv === puzzle.line[0]) continue;
        await typeMove(page, mv);
        if (await count(page) > puzzle.moves.length) { wrong = mv; break search; }
      }
    }
  }
  assert.ok(wrong, 'a legal wrong move exists');
  assert.equal(await state(page), 'failed', `${wrong} is not the solution ${puzzle.line[0]}`);
  await until(page, () => /answers .*, and /.test(document.querySelector('#puzzle-feedback').textContent));
  assert.match(await page.locator('#puzzle-feedback').textContent(),
    new RegExp(`^${wrong} is not the solution: (White|Black) answers \\S+, and .*the solution reaches ${puzzle.goal.replace('+', '\\+')}`));
  await page.screenshot({ path: 'screenshots/puzzle-failed-desktop.png' });
  // No more moves on the failed board; Retry takes the wrong one back.
  assert.equal(await page.locator('#puzzle-solution').isVisible(), true);
  await page.click('#puzzle-retry');
  await settled(page);
  assert.equal(await state(page), 'playing');
  assert.equal(await count(page), puzzle.moves.length);
  await solve(page, puzzle);
  // Solved on the second try: it counts as failed.
  assert.equal(await page.locator('#puzzle-progress').getAttribute('data-streak'), '0');
  assert.match(await page.locator('#puzzle-progress').textContent(), /solved 0 · failed 1/);

  // Another puzzle: show its solution.
  await page.click('#puzzle-next');
  const other = await shown(page);
  assert.notEqual(other.id, puzzle.id);
  await page.click('#puzzle-solution');
  await settled(page);
  assert.equal(await state(page), 'shown');
  assert.equal(await count(page), other.moves.length + other.line.length);
  assert.equal(await page.locator('#puzzle-feedback').textContent(), `Solution: ${other.line.join(' ')}`);
  assert.equal(await page.locator('#puzzle-solution').isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('puzzles at phone size: readable, keyboard and screen reader friendly (axe)', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context, errors } = await open(browser, server.url, { width: 390, height: 844, scale: 2, colorScheme });
    await page.click('#puzzles-button');
    await shown(page);
    await page.locator('#puzzle').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/puzzle-phone-${colorScheme}.png`, fullPage: true });
    const found = serious(await axe(page));
    assert.deepEqual(found, [], explain(found));
    // The buttons are reached by Tab and pressed with Enter.
    await page.focus('#puzzle-solution');
    await page.keyboard.press('Enter');
    await until(page, () => document.querySelector('#puzzle').dataset.state === 'shown');
    assert.match(await page.locator('#live').textContent(), /^Solution: /);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('offline, the puzzles open from the installed app', async () => {
  const { page, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await page.waitForSelector('html[data-offline="ready"]', { timeout: 20000 });
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#puzzles-button');
  const puzzle = await shown(page);
  await solve(page, puzzle);
  await page.goto(`${server.url}#puzzle=${[...puzzles.keys()].at(-1)}`);
  await until(page, () => document.querySelector('#puzzle')?.dataset.state === 'playing');
  assert.deepEqual(errors, []);
  await context.close();
});
