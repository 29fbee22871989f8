// The game survives a reload; a corrupt save is reported, set aside, and
// does not break the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, cell, until, settled } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('reload mid-game restores the game', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  for (const mv of ['Kd4', 'Qe5', 'Nd5']) await typeMove(page, mv);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), ['Kd4', 'Qe5', 'Nd5']);
  assert.match(await cell(page, 'e5').getAttribute('aria-label'), /^e5, Black Queen/);
  assert.equal(await page.locator('#players .seat-1.to-move').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a second save set aside is kept beside the first, not in its place', async () => {
  const { page, errors, context } = await open(browser, server.url, {
    storage: { 'cheversi.game': '{"version":1,"record":', 'cheversi.game.corrupt': 'the save set aside before' },
  });
  await page.waitForSelector('body[data-ready="true"]');
  const kept = await page.evaluate(() => localStorage.getItem('cheversi.game.corrupt'));
  assert.equal(kept, 'the save set aside before\n{"version":1,"record":');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, saved] of [
  ['not JSON', '{"version":1,"record":'],
  ['a bad record', JSON.stringify({ version: 1, record: '[Game "Cheversi"]\n[Rules "lewicki"]\n\n1. Kd4 Qa8 *', seats: ['Human', 'Human'], undo_allowed: true, cursor: 2 })],
  ['wrong seats', JSON.stringify({ version: 1, record: '[Game "Cheversi"]\n[Rules "lewicki"]\n\n*', seats: [], undo_allowed: true, cursor: 0 })],
]) {
  test(`a corrupt saved game (${name}) is set aside`, async () => {
    const { page, errors, context } = await open(browser, server.url, { storage: { 'cheversi.game': saved } });
    const status = await page.locator('#status').textContent();
    assert.match(status, /The saved game could not be read \(.+\); it was set aside/);
    assert.equal(await page.evaluate(() => localStorage.getItem('cheversi.game.corrupt')), saved);
    // The page works: a new game can be played.
    await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'human'] });
    await typeMove(page, 'Kd4');
    assert.deepEqual(await page.locator('#moves .move').allTextContents(), ['Kd4']);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A page opened by a link has its own to say (the lesson's task, the
// link's game opened, what is wrong with the link): the unreadable save
// was said first, then said over, so it went unseen.
for (const [name, fragment, also] of [
  ['a lesson', '#learn=pieces', /the task is above/],
  ['a game', '#game=cheversi&rules=brainking', /link/],
  ['a bad game', '#game=cheversi&foo=1', /unknown key 'foo'/],
]) {
  test(`an unreadable save is still said when the page opens with ${name} from a link`, async () => {
    const { page, errors, context } = await open(browser, server.url + fragment, {
      storage: { 'cheversi.game': '{"version":1,"record":' },
    });
    await until(page, () => location.hash === '');
    if (fragment.startsWith('#learn')) await page.waitForSelector('#lesson[data-state="playing"]');
    const status = await page.locator('#status').textContent();
    assert.match(status, /^The saved game could not be read \(.+\); it was set aside/);
    assert.match(status.replace(/^The saved game[^.]*\./, ''), also);
    // Said until the person does something.
    await page.click('#flip');
    await settled(page);
    assert.doesNotMatch(await page.locator('#status').textContent(), /saved game/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a tab with the game put aside for a puzzle brings back the moves another tab played, and keeps them', async () => {
  const { page: a, errors, context } = await open(browser, server.url);
  await newGame(a, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await typeMove(a, 'Kd4');
  const b = await context.newPage();
  await b.goto(server.url);
  await b.waitForSelector('body[data-ready="true"]');
  await b.click('#puzzles-button');
  await b.waitForSelector('#puzzle:not([hidden])');
  // The other tab plays on meanwhile.
  await typeMove(a, 'Qe5');
  await b.waitForTimeout(200);
  await b.click('#puzzle-exit');
  await b.waitForFunction(() => document.querySelectorAll('#moves .move').length === 2);
  assert.deepEqual(await b.locator('#moves .move').allTextContents(), ['Kd4', 'Qe5']);
  await a.reload();
  await a.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await a.locator('#moves .move').allTextContents(), ['Kd4', 'Qe5'], 'kept, not written over');
  assert.deepEqual(errors, []);
  await context.close();
});

// Several kept values unreadable at once (a newer build's, read by an
// older copy): each is said. Only the last was, so the new game that took
// the saved one's place went unmentioned; and the puzzle progress was
// reported as the puzzles themselves.
test('every kept value that cannot be read is said, the puzzle progress as progress', async () => {
  const storage = {
    'cheversi.game': 'garbage', 'cheversi.games': 'garbage',
    'cheversi.puzzles': '{"kind":"puzzles","version":99,"data":{}}', 'cheversi.lessons': 'garbage',
    'cheversi.prefs': 'garbage',
  };
  const { page, context } = await open(browser, server.url, { storage });
  const status = await page.locator('#status').textContent();
  for (const said of [/saved game could not be read/, /stored game could not be read/,
    /puzzle progress could not be read/, /lesson progress could not be read/, /board settings could not be read/]) {
    assert.match(status, said);
  }
  assert.doesNotMatch(status, /The puzzles could not be read/);
  await context.close();
});

// The board choices were kept only until the page was closed.
test('the attack overlay, tap to confirm and the evaluation are kept across a reload, not by an embed', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await page.click('#overlay');
  await page.click('#overlay');
  await page.click('#confirm');
  await page.click('#show-eval');
  const choices = () => page.evaluate(() => [
    document.getElementById('overlay').textContent,
    document.getElementById('confirm').checked,
    document.getElementById('show-eval').checked,
  ]);
  const chosen = await choices();
  assert.deepEqual(chosen.slice(1), [false, true]);
  assert.notEqual(chosen[0], 'Attacks: off');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await choices(), chosen);
  // An embed neither takes them nor changes them.
  const kept = await page.evaluate(() => localStorage.getItem('cheversi.prefs'));
  await page.goto(`${server.url}embed.html?game=cheversi&overlay=white&interactive=1`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => localStorage.getItem('cheversi.prefs')), kept);
  assert.deepEqual(errors, []);
  await context.close();
});
