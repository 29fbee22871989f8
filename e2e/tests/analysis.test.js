// What the analysis shows while playing: the evaluation bar, evaluations
// that deepen as the search goes on, the duel's distances, and pieces that
// move in (not under reduced motion). Proofs that need most of their time
// are in analysis-proofs.test.js, the rest in analysis-words.test.js.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, cell, settled, until } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

/** Records every value an attribute of `selector` takes, in page time order. */
function watch(page, selector, attribute) {
  return page.evaluate(({ selector, attribute }) => {
    const seen = [];
    const el = document.querySelector(selector);
    new MutationObserver(() => {
      const value = el.getAttribute(attribute);
      if (value !== seen[seen.length - 1]) seen.push(value);
    }).observe(el, { attributes: true, attributeFilter: [attribute] });
    (window.__watched ??= {})[`${selector}@${attribute}`] = seen;
  }, { selector, attribute });
}
const watched = (page, selector, attribute) => page.evaluate((key) => window.__watched[key], `${selector}@${attribute}`);

test('the evaluation bar shows White\'s share, and deeper searches update the evaluation', async () => {
  for (const [width, height, name] of [[1280, 800, 'desktop'], [390, 800, 'phone']]) {
    const { page, errors, context } = await open(browser, server.url, { width, height });
    await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
    await page.check('#show-eval');
    await watch(page, '#best-line', 'data-depth');
    await typeMove(page, 'Kd4');
    await typeMove(page, 'Qe5');
    // Every search of one evaluation takes 0.1 + 0.4 + 1.6 s; beside the
    // other test files their answers can come later than that.
    const deeper = () => new Set(window.__watched['#best-line@data-depth'].filter((d) => d !== null)).size >= 2;
    await until(page, deeper, undefined, { timeout: 15000 }).catch(() => {});
    const depths = (await watched(page, '#best-line', 'data-depth')).filter((d) => d !== null).map(Number);
    assert.ok(new Set(depths).size >= 2, `the evaluation deepened: depths ${depths}`);
    // The mouse stayed where it clicked "Show evaluation": a line move that
    // comes to lie under it as the line grows is not a preview (it was).
    const first = (await page.locator('#best-line .line-move[data-line="1"]').textContent()).slice(-2);
    assert.match(await cell(page, first).getAttribute('aria-label'), new RegExp(`^${first}, empty`));
    const bar = page.locator('#eval-bar');
    assert.equal(await bar.isVisible(), true);
    const white = Number(await bar.getAttribute('data-white'));
    const score = Number(await page.locator('#eval').getAttribute('data-score'));
    assert.ok(white > 0 && white < 100, `${white}`);
    assert.equal(Math.sign(white - 50), Math.sign(score), `bar ${white}% vs score ${score}`);
    const box = await bar.boundingBox();
    const board = await page.locator('#board').boundingBox();
    if (name === 'desktop') {
      assert.ok(box.x + box.width <= board.x && box.height > board.height * 0.9, 'beside the board');
    } else {
      assert.ok(box.y >= board.y + board.height && box.width > board.width * 0.9, 'under the board');
    }
    await page.screenshot({ path: `screenshots/eval-bar-${name}.png` });
    // Flipped, White's share sits at the top.
    await page.click('#flip');
    await settled(page);
    assert.equal(await bar.evaluate((e) => e.classList.contains('flipped')), true);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the duel\'s evaluation says who wins and in how many plies, from Black\'s setup on', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'attrition', variant: 'duel', seats: ['human', 'human'] });
  await page.check('#show-eval');
  // The evaluation is dropped when the position changes (by the next
  // frame), so the one awaited is the new position's.
  const winsIn = async () => {
    await settled(page);
    await page.waitForFunction(() => /wins in \d+/.test(document.querySelector('#eval').textContent), null, { timeout: 10000 });
    return page.locator('#eval').textContent();
  };
  // Black to place: a square of White's colour wins (the setup table),
  // and the book says how soon.
  await typeMove(page, 'Nd4');
  assert.match(await winsIn(), /^Black wins in \d+$/);
  // After the setup and White's first jump: the book again.
  await typeMove(page, 'Nf4');
  await typeMove(page, 'd4-c6');
  const booked = Number(/(\d+)$/.exec(await winsIn())[1]);
  // Three jumps in, past the book: df-pn's proof gives the distance.
  await typeMove(page, 'f4-e6');
  await typeMove(page, 'c6-b4');
  const proved = /^(Black|White) wins in (\d+)$/.exec(await winsIn());
  assert.ok(proved, 'a distance past the book');
  assert.ok(booked % 2 === 1 && Number(proved[2]) % 2 === 1, `${booked}, ${proved[2]}: a winner moves last`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a placed piece moves in, except under reduced motion', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const { page, errors, context } = await open(browser, server.url, { reducedMotion });
    await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
    await watch(page, '#board-wrap', 'data-moving');
    await typeMove(page, 'Kd4');
    await page.waitForTimeout(600);
    const seen = await watched(page, '#board-wrap', 'data-moving');
    if (reducedMotion === 'reduce') {
      assert.deepEqual(seen, [], 'nothing moves');
    } else {
      assert.deepEqual(seen, ['', null], 'moved, then settled');
    }
    assert.equal(await page.locator('#moves .move').count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
