// Learn: every lesson completed by its answers, stars and progress kept
// over a reload, the lesson shown opened again by a reload, a wrong answer
// explained, tapping tasks, a lesson in Italian, a link to a lesson, phone
// size in both themes with axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, open, until, reloadAgainWhileLoading, cell, DIST } from '../lib/harness.js';
import { axe, serious, explain } from '../lib/axe.js';
import { typeMove } from '../lib/play.js';

let server, browser, lessons;
before(async () => {
  server = await serve(undefined, '/games/cheversi/');
  browser = await launch();
  // The shipped file: the tests' own copy of each step's stated answer.
  const text = await readFile(join(DIST, 'lessons.txt'), 'utf8');
  lessons = new Map();
  for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
    const [id, step, game, moves, task, answer] = line.split(' ');
    if (!lessons.has(id)) lessons.set(id, []);
    lessons.get(id).push({ step: Number(step), game, moves, task, answer });
  }
});
after(async () => { await browser.close(); await server.close(); });

const lesson = (page, name) => page.locator('#lesson').getAttribute(`data-${name}`);
/** The panel's feedback once it matches `re` (the panel follows a frame later). */
const said = (page, re) => until(page, (source) => {
  const text = document.querySelector('#lesson-feedback').textContent;
  return new RegExp(source).test(text) && text;
}, re.source);

async function openLesson(page, id) {
  if (await page.locator('#lessons').isHidden()) await page.click('#learn-button');
  await page.locator(`#lessons .lesson[data-id="${id}"]`).click();
  await until(page, (id) => document.querySelector('#lesson')?.dataset.id === id, id);
}

/** Plays a lesson by its stated answers; tapping steps by Show answer. */
async function complete(page, id) {
  await openLesson(page, id);
  await playSteps(page, id);
}

/** Plays the steps of the lesson shown, to its end. */
async function playSteps(page, id) {
  for (const step of lessons.get(id)) {
    await until(page, (n) => document.querySelector('#lesson').dataset.step === n, String(step.step));
    if (step.answer === '*') await page.click('#lesson-show');
    else await typeMove(page, step.answer);
    await until(page, () => document.querySelector('#lesson').dataset.state === 'right');
    await page.click('#lesson-next');
  }
  await until(page, () => document.querySelector('#lesson').dataset.state === 'done');
}

test('every lesson is completed by its answers, and stars and progress survive a reload', async () => {
  const { page, context, errors } = await open(browser, server.url);
  assert.equal(await page.locator('#learn-invite').isVisible(), true, 'the invitation shows on a first visit');
  const t0 = Date.now();
  await page.click('#learn-button');
  await page.waitForSelector('#lessons .lesson');
  console.log(`# Learn button to the list of lessons: ${Date.now() - t0} ms`);
  assert.equal(await page.locator('#lessons .lesson').count(), lessons.size);
  for (const id of lessons.keys()) await complete(page, id);
  // Lessons with a tapping step cost a star for Show answer.
  const stars = await page.locator('#lesson').getAttribute('data-stars');
  assert.ok(['1', '2', '3'].includes(stars));
  // The mirror lesson once more, tapping the mirror images: 3 stars.
  await page.click('#lesson-list');
  await openLesson(page, 'mirror');
  const mirrors = { d4: ['e4', 'd5', 'e5'], c2: ['f2', 'c7', 'f7'], b1: ['g1', 'b8', 'g8'] };
  for (const start of ['d4', 'c2', 'b1']) {
    for (const sq of mirrors[start]) await cell(page, sq).click();
    await page.click('#lesson-check');
    await until(page, () => document.querySelector('#lesson').dataset.state === 'right');
    await page.click('#lesson-next');
  }
  await until(page, () => document.querySelector('#lesson').dataset.state === 'done');
  assert.equal(await lesson(page, 'stars'), '3');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#learn-invite').isHidden(), true, 'no invitation once a lesson is done');
  await page.click('#learn-button');
  await page.waitForSelector('#lessons .lesson');
  const states = await page.locator('#lessons .lesson').evaluateAll((els) => els.map((e) => `${e.dataset.id}:${e.dataset.state}:${e.dataset.stars}`));
  for (const s of states) assert.match(s, /:done:[123]$/, s);
  assert.ok(states.includes('mirror:done:3'), states.join(' '));
  assert.deepEqual(errors, []);
  await context.close();
});

// A reload (the update bar's too) opens the lesson shown again, at the
// step reached, where it used to close it.
test('a reload opens the lesson shown again at its step', async () => {
  const { page, context, errors } = await open(browser, server.url);
  const [id, steps] = [...lessons].find(([, s]) => s.length > 1 && s[0].answer !== '*');
  await openLesson(page, id);
  await typeMove(page, steps[0].answer);
  await until(page, () => document.querySelector('#lesson').dataset.state === 'right');
  await page.click('#lesson-next');
  await until(page, () => document.querySelector('#lesson').dataset.step === '2');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await until(page, (id) => document.querySelector('#lesson')?.dataset.id === id, id);
  assert.equal(await lesson(page, 'step'), '2');
  assert.deepEqual(errors, []);
  await context.close();
});

// A second reload while the reopened lesson's files still load opens it
// again (nothing was shown yet to keep, and it was lost).
test('a reload while the reopened lesson still loads opens it again', async () => {
  const { page, context, errors } = await open(browser, server.url);
  const id = [...lessons.keys()][1];
  await openLesson(page, id);
  await reloadAgainWhileLoading(page, 'lessons.txt', '#lesson');
  await until(page, (id) => document.querySelector('#lesson')?.dataset.id === id, id);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong answer is explained by the engine, and an illegal one names the rule', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await openLesson(page, 'pieces');
  await typeMove(page, 'Qa1');
  assert.equal(await said(page, /Qa1/), 'Qa1 attacks 21 squares; Qd4 would attack 27, the most here.');
  assert.equal(await lesson(page, 'state'), 'wrong');
  assert.equal(await page.locator('#moves .move').count(), 0, 'the wrong move is not on the board');
  await page.click('#lesson-hint');
  await said(page, /middle of the board/);
  await typeMove(page, 'Qe5');
  await until(page, () => document.querySelector('#lesson').dataset.state === 'right');
  await page.click('#lesson-list');
  await openLesson(page, 'lewicki');
  await page.click('#lesson-show');
  await page.click('#lesson-next');
  await until(page, () => document.querySelector('#lesson').dataset.step === '2');
  await typeMove(page, 'Qa8');
  await said(page, /^Qa8 is not legal here: .*Qf5/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a lesson in Italian, opened by a link', async () => {
  const { page, context, errors } = await open(browser, `${server.url}#learn=mirror`, { locale: 'it-IT' });
  await until(page, () => document.querySelector('#lesson')?.dataset.id === 'mirror');
  const task = await page.locator('#lesson-task').textContent();
  assert.match(task, /d4/);
  assert.doesNotMatch(task, /\b(the|where|every|square)\b/i, task);
  assert.equal(await page.locator('#lesson-check').textContent(), 'Verifica');
  await cell(page, 'e4').click();
  await page.click('#lesson-check');
  const text = await said(page, /d5, e5/);
  assert.doesNotMatch(text, /Missing/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Learn at phone size in both themes: readable, keyboard friendly (axe)', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context, errors } = await open(browser, server.url, { width: 390, height: 844, scale: 2, colorScheme });
    await page.click('#learn-button');
    await page.waitForSelector('#lessons .lesson');
    await page.locator('#lessons').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/learn-list-phone-${colorScheme}.png`, fullPage: true });
    let found = serious(await axe(page));
    assert.deepEqual(found, [], explain(found));
    await page.focus('#lessons .lesson[data-id="scoring"]');
    await page.keyboard.press('Enter');
    await until(page, () => document.querySelector('#lesson')?.dataset.id === 'scoring');
    await cell(page, 'd1').click();
    await page.click('#lesson-check');
    await page.locator('#lesson').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/learn-lesson-phone-${colorScheme}.png`, fullPage: true });
    found = serious(await axe(page));
    assert.deepEqual(found, [], explain(found));
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a lesson embedded on a rules page tells the page when it is done', async () => {
  const init = () => {
    window.__messages = [];
    addEventListener('message', (e) => { if (e.data?.type === 'lessondone') window.__messages.push(e.data); });
  };
  const { page, context, errors } = await open(browser, `${server.url}rules.html`, { ready: false, init });
  const holder = page.locator('[data-cheversi="lesson=pieces"], [data-attrition="lesson=mirror"]').last();
  await holder.scrollIntoViewIfNeeded();
  const frame = page.frameLocator('[data-attrition="lesson=mirror"] iframe');
  await frame.locator('#lesson[data-id="mirror"]').waitFor({ timeout: 20000 });
  assert.equal(await frame.locator('#lesson-exit').isVisible(), false, 'no game to go back to in a frame');
  assert.equal(await frame.locator('#learn-invite').isVisible(), false);
  const mirrors = { d4: ['e4', 'd5', 'e5'], c2: ['f2', 'c7', 'f7'], b1: ['g1', 'b8', 'g8'] };
  const index = (sq) => (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 97);
  for (const start of ['d4', 'c2', 'b1']) {
    for (const sq of mirrors[start]) await frame.locator(`#grid [data-square="${index(sq)}"]`).click();
    await frame.locator('#lesson-check').click();
    await frame.locator('#lesson[data-state="right"]').waitFor();
    await frame.locator('#lesson-next').click();
  }
  await frame.locator('#lesson[data-state="done"]').waitFor();
  assert.equal(await frame.locator('#lesson-next-lesson').isVisible(), false, 'one lesson to a frame');
  const messages = await until(page, () => window.__messages.length && window.__messages);
  assert.deepEqual(messages, [{ source: 'cheversi', type: 'lessondone', lesson: 'mirror', stars: 3 }]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Learn works offline once the app is installed', async () => {
  const { page, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await page.waitForSelector('html[data-offline="ready"]', { timeout: 20000 });
  const cached = await page.evaluate(async () => {
    const cache = await caches.open((await caches.keys())[0]);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const file of ['lessons.txt', 'lessons/en.lang', 'lessons/it.lang', 'lessons/ro.lang']) {
    assert.ok(cached.includes(`/games/cheversi/${file}`), `${file} precached`);
  }
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await openLesson(page, 'knights');
  await typeMove(page, 'Nd4');
  await until(page, () => document.querySelector('#lesson').dataset.state === 'right');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an unreadable lesson progress is set aside and said, never dropped', async () => {
  const bad = '{"kind":"lessons","version":1,"data":{"lessons":"all done"}}';
  const { page, context } = await open(browser, server.url, { storage: { 'cheversi.lessons': bad } });
  assert.match(await page.locator('#status').textContent(), /lesson progress could not be read/);
  assert.equal(await page.evaluate(() => localStorage.getItem('cheversi.lessons.set-aside')), bad);
  await page.click('#learn-button');
  await page.waitForSelector('#lessons .lesson[data-state="new"]');
  await context.close();
});

test('a tapping task by keyboard alone: arrows, Enter on squares, Enter on Check', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await page.focus('#learn-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#lessons .lesson');
  await page.focus('#lessons .lesson[data-id="mirror"]');
  await page.keyboard.press('Enter');
  await until(page, () => document.querySelector('#lesson')?.dataset.id === 'mirror');
  // The grid's focused square starts on a1; White is below.
  await page.focus('#grid [tabindex="0"]');
  const keys = { e4: ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp'],
    d5: ['ArrowLeft', 'ArrowUp'], e5: ['ArrowRight'] };
  for (const square of ['e4', 'd5', 'e5']) {
    for (const key of keys[square]) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
    await until(page, (sq) => document.querySelector(`#grid [data-square="${sq}"]`)?.getAttribute('aria-selected') === 'true',
      (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97));
  }
  await page.focus('#lesson-check');
  await page.keyboard.press('Enter');
  await until(page, () => document.querySelector('#lesson').dataset.state === 'right');
  assert.match(await page.locator('#lesson-feedback').textContent(), /Right/);
  // Check hid itself: the focus is on Next, not lost to the page (a Tab
  // then went past Next).
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'lesson-next');
  await page.keyboard.press('Enter');
  await until(page, () => document.querySelector('#lesson').dataset.state === 'playing');
  // A new task: the focus on the board, not on Show answer.
  assert.equal(await page.evaluate(() => document.activeElement?.closest('#grid') !== null), true);
  // Show answer hides itself too.
  await page.focus('#lesson-show');
  await page.keyboard.press('Enter');
  await until(page, () => document.querySelector('#lesson').dataset.state !== 'playing');
  assert.ok(['lesson-next', 'lesson-next-lesson', 'lesson-again'].includes(await page.evaluate(() => document.activeElement?.id)));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished lesson offers the next one', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await complete(page, 'melee');
  await page.click('#lesson-next-lesson');
  await until(page, () => document.querySelector('#lesson')?.dataset.id === 'duel-colours');
  // The last lesson has no next one.
  await playSteps(page, 'duel-colours');
  assert.equal(await page.locator('#lesson-next-lesson').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('lesson words that cannot be had in a new language are said, in that language, and the old ones stay', async () => {
  const { page, context } = await open(browser, server.url);
  await page.click('#learn-button');
  const first = page.locator('#lessons .lesson').first();
  await first.waitFor();
  const before = await first.textContent();
  await page.route('**/lessons/it.lang', (route) => route.abort());
  await page.selectOption('#language', 'it');
  await until(page, () => document.documentElement.lang === 'it');
  await until(page, () => /lezioni/.test(document.querySelector('#status').textContent));
  assert.match(await page.locator('#status').textContent(), /Non è stato possibile caricare le lezioni in questa lingua/);
  assert.ok(await page.locator('#status.error').isVisible(), 'said as an error');
  assert.equal(await first.textContent(), before, 'the lessons keep the words they had');
  await context.close();
});

// The Italian lesson words not coming left Learn closed, with only an
// error: the lessons open in English, and the reader is told why.
test('lessons whose words cannot come in the page\'s language open in English, said', async () => {
  const { page, context, errors } = await open(browser, undefined, { locale: 'it-IT' });
  await page.route('**/lessons/it.lang', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#learn-button');
  await page.locator('#lessons .lesson[data-id="pieces"]').waitFor();
  assert.match(await page.locator('#lessons .lesson[data-id="pieces"]').textContent(), /How the pieces attack/);
  assert.match(await page.locator('#status').textContent(),
    /^Non è stato possibile caricare le lezioni in italiano \(.*404.*\): sono mostrate in inglese\.$/);
  // The browser's own line for the 404 only.
  assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  await context.close();
});
