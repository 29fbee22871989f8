// Playing friends by link: each browser context is another device. A move
// is sent as a link (#send-move, #send-link); the friend opens it, moves
// and sends one back. Old links change nothing, altered ones are refused,
// several games live side by side in "My games", and links work from a
// site hosted under a sub-path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, until, follow, settled } from '../lib/harness.js';
import { axe, serious, explain } from '../lib/axe.js';
import { playAnyMove, typeMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';

let server, sub, browser;
before(async () => {
  server = await serve();
  sub = await serve(undefined, '/games/cheversi/');
  browser = await launch();
});
after(async () => { await browser.close(); await server.close(); await sub.close(); });

const moves = (page) => page.locator('#moves .move').allTextContents();

/** Clicks "Send your move" and returns the link it shows. */
async function sendLink(page) {
  await page.click('#send-move');
  await settled(page);
  assert.equal(await page.locator('#send-panel').isVisible(), true);
  return page.locator('#send-link').inputValue();
}

/** Opens a link on a device and waits until its game has `count` moves. */
async function receive(device, url, count) {
  await device.page.goto(url);
  await device.page.waitForSelector('body[data-ready="true"]');
  await until(device.page, (n) => document.querySelectorAll('#moves .move').length === n, count);
  await settled(device.page);
}

async function recordOf(page) {
  await page.click('#record-button');
  const text = await page.locator('#record-text').inputValue();
  await page.click('#record-close');
  return text;
}

test('a whole Cheversi game by links ends with the same record on both devices', async () => {
  const ann = await open(browser, server.url);
  const ben = await open(browser, server.url);
  await newGame(ann.page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'remote'], names: ['Ann', 'Ben'] });
  assert.equal(await ann.page.locator('#undo').isHidden(), true, 'undo is off: a move sent is sent');
  assert.equal(await ann.page.locator('#corr-turn').getAttribute('data-turn'), 'yours');
  let link;
  for (let i = 0; i < 16; i++) {
    const [mover, other] = i % 2 === 0 ? [ann, ben] : [ben, ann];
    assert.equal(await mover.page.locator('#corr-turn').getAttribute('data-turn'), 'yours', `move ${i + 1}`);
    await playAnyMove(mover.page);
    assert.equal((await moves(mover.page)).length, i + 1);
    link = await sendLink(mover.page);
    assert.match(link, /^http:\/\/[^/]+\/#game=cheversi&rules=lewicki&.*moves=/);
    assert.match(link, /&id=[a-z0-9]{12}&/);
    await receive(other, link, i + 1);
    if (i < 15) {
      assert.match(await other.page.locator('#status').textContent(), /Your turn\.$/);
      assert.equal(await other.page.locator('#corr-turn').getAttribute('data-turn'), 'yours');
      assert.equal(await mover.page.locator('#corr-turn').getAttribute('data-turn'), 'waiting');
      assert.match(await mover.page.locator('#corr-turn').textContent(), i % 2 === 0 ? /Waiting for Ben/ : /Waiting for Ann/);
    }
  }
  assert.equal(await ann.page.locator('#corr-turn').getAttribute('data-turn'), 'over');
  assert.equal(await ben.page.locator('#corr-turn').getAttribute('data-turn'), 'over');
  const record = await recordOf(ann.page);
  assert.equal(await recordOf(ben.page), record);
  assert.match(record, /\[White "Ann"\]\n\[Black "Ben"\]/);
  assert.match(await ben.page.locator('#players').textContent(), /Ann \(friend, by link\)/);
  // A reload keeps the game on both devices.
  await ben.page.reload();
  await ben.page.waitForSelector('body[data-ready="true"]');
  assert.equal((await moves(ben.page)).length, 16);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(ben.errors, []);
  await ann.context.close();
  await ben.context.close();
});

test('a whole duel by links, an old link changes nothing, an altered one is refused', async () => {
  const game = 'Ng3 Nc6 g3-e2 c6-e5 e2-c3 e5-f3 c3-e4 f3-d2 e4-g5 d2-c4 g5-f7 c4-e3 f7-d6 e3-f5 d6xf5'.split(' ');
  const ann = await open(browser, server.url);
  const ben = await open(browser, server.url);
  await newGame(ann.page, { game: 'attrition', variant: 'duel', seats: ['human', 'remote'], names: ['Ann', 'Ben'] });
  const links = [];
  for (const [i, mv] of game.entries()) {
    const [mover, other] = i % 2 === 0 ? [ann, ben] : [ben, ann];
    await typeMove(mover.page, mv);
    assert.equal((await moves(mover.page)).length, i + 1, await mover.page.locator('#status').textContent());
    links.push(await sendLink(mover.page));
    await receive(other, links[i], i + 1);
  }
  assert.deepEqual(await moves(ann.page), game);
  assert.equal(await recordOf(ben.page), await recordOf(ann.page));
  assert.match(await ben.page.locator('#summary').textContent(), /Ann/);

  // An old link: recognised, nothing changes.
  await follow(ben.page, links[3]);
  assert.match(await ben.page.locator('#status').textContent(), /You already have this move/);
  assert.deepEqual(await moves(ben.page), game);

  // A link that changes Ben's second move: refused, the game kept, and
  // offered as a separate game.
  const altered = links[4].replace('c6-e5', 'c6-d4').replace('e2-c3', 'e2-c1').replace('moves=Ng3.Nc6.g3-e2.c6-d4.e2-c1', 'moves=Ng3.Nc6.g3-e2.c6-d4.e2-c1');
  await follow(ann.page, altered);
  const status = ann.page.locator('#status');
  assert.match(await status.textContent(), /This link changes move 4 \(c6-e5 here, c6-d4 in the link\); your copy is kept/);
  assert.equal(await status.getAttribute('class'), 'error');
  assert.deepEqual(await moves(ann.page), game);
  assert.equal(await ann.page.locator('#offer').isVisible(), true);
  await ann.page.click('#offer-open');
  await settled(ann.page);
  assert.deepEqual(await moves(ann.page), ['Ng3', 'Nc6', 'g3-e2', 'c6-d4', 'e2-c1']);
  await ann.page.click('#games-button');
  assert.equal(await ann.page.locator('#games-list .game-row').count(), 2, 'both games are kept');
  await ann.page.click('#games-close');
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(ben.errors, []);
  await ann.context.close();
  await ben.context.close();
});

test('two games with two friends in My games; delete and undo', async () => {
  const me = await open(browser, server.url);
  // With no games there is nothing to export (the file held a blank line).
  await me.page.click('#games-button');
  assert.equal(await me.page.locator('#games-export').isDisabled(), true);
  await me.page.click('#games-close');
  await newGame(me.page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'remote'], names: ['Me', 'Ann'] });
  await typeMove(me.page, 'Kd4');
  const toAnn = await sendLink(me.page);
  await newGame(me.page, { game: 'attrition', variant: 'duel', seats: ['remote', 'human'], names: ['Ben', 'Me'] });
  assert.match(await me.page.locator('#corr-turn').textContent(), /Waiting for Ben/);
  const toBen = await sendLink(me.page);
  const found = serious(await axe(me.page));
  assert.deepEqual(found, [], explain(found));

  const ann = await open(browser, server.url);
  await receive(ann, toAnn, 1);
  await typeMove(ann.page, 'Qe5');
  const fromAnn = await sendLink(ann.page);
  const ben = await open(browser, server.url);
  await receive(ben, toBen, 0);
  await typeMove(ben.page, 'Nd4');
  const fromBen = await sendLink(ben.page);

  await receive(me, fromAnn, 2);
  assert.match(await me.page.locator('#status').textContent(), /Ann played Qe5\. Your turn\./);
  await receive(me, fromBen, 1);
  await me.page.click('#games-button');
  const rows = me.page.locator('#games-list .game-row');
  assert.equal(await rows.count(), 2);
  const inDialog = serious(await axe(me.page));
  assert.deepEqual(inDialog, [], explain(inDialog));
  const texts = await rows.allTextContents();
  assert.match(texts[0], /Ben – Me.*Duel.*moves: 1.*Your turn/s, texts[0]);
  assert.match(texts[1], /Me – Ann.*BrainKing.*moves: 2.*Your turn/s, texts[1]);
  // Open the other game from the list.
  await rows.nth(1).locator('.game-open').click();
  await settled(me.page);
  assert.deepEqual(await moves(me.page), ['Kd4', 'Qe5']);
  // Delete it, then undo.
  await me.page.click('#games-button');
  await rows.nth(1).locator('.game-delete').click();
  await settled(me.page);
  assert.equal(await rows.count(), 1);
  assert.equal(await me.page.locator('#games-undo').isVisible(), true);
  await me.page.click('#games-undo');
  await settled(me.page);
  assert.equal(await rows.count(), 2);
  // Export all: both records in one file.
  const [download] = await Promise.all([me.page.waitForEvent('download'), me.page.click('#games-export')]);
  const text = await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts).toString());
  assert.equal((text.match(/\[Game "/g) ?? []).length, 2, text);
  await me.page.click('#games-close');
  // Opened again, it says that a record holds one game, and where the
  // second starts (it said that tags come before the moves).
  await me.page.click('#record-button');
  await me.page.setInputFiles('#record-file', { name: 'my-games.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await until(me.page, () => document.getElementById('record-error').textContent !== '');
  assert.match(await me.page.locator('#record-error').textContent(), /a second game starts here: a record holds one game/);
  await me.page.click('#record-close');
  for (const d of [me, ann, ben]) {
    assert.deepEqual(d.errors, []);
    await d.context.close();
  }
});

test('a three-player melee goes round three devices', async () => {
  const game = 'Nf5 Na3 Ne6 f5-d6 a3-b5 e6-c5 d6xb5 c5-d3 b5-c3 d3-e5 c3-d5 e5-c6 d5-f6 c6-d4 f6-e4 d4-f3 e4-d2 f3xd2'.split(' ');
  const devices = [await open(browser, server.url), await open(browser, server.url), await open(browser, server.url)];
  await newGame(devices[0].page, { game: 'attrition', variant: 'melee', players: 3, seats: ['human', 'remote', 'remote'], names: ['Ann', 'Ben', 'Cy'] });
  // Until White takes Black's knight (move 7) the seats go round; then Red and White alternate.
  const seatOf = (ply) => (ply < 7 ? ply % 3 : (ply % 2 === 1 ? 2 : 0));
  for (const [i, mv] of game.entries()) {
    const mover = devices[seatOf(i)];
    await typeMove(mover.page, mv);
    assert.equal((await moves(mover.page)).length, i + 1, `${mv}: ${await mover.page.locator('#status').textContent()}`);
    const link = await sendLink(mover.page);
    const next = i + 1 < game.length ? devices[seatOf(i + 1)] : devices[(seatOf(i) + 2) % 3];
    await receive(next, link, i + 1);
  }
  // The last link reaches everyone.
  const last = await sendLink(devices[2].page);
  await receive(devices[0], last, game.length);
  await receive(devices[1], last, game.length);
  const records = [];
  for (const d of devices) records.push(await recordOf(d.page));
  assert.equal(records[1], records[0]);
  assert.equal(records[2], records[0]);
  for (const d of devices) {
    assert.deepEqual(d.errors, []);
    await d.context.close();
  }
});

test('links from a site under a sub-path open there, and a game at this device is kept', async () => {
  const ann = await open(browser, sub.url);
  await newGame(ann.page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'remote'] });
  await typeMove(ann.page, 'Nd4');
  const link = await sendLink(ann.page);
  assert.ok(link.startsWith(sub.url + '#game=cheversi'), link);
  const ben = await open(browser, sub.url);
  await newGame(ben.page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  await typeMove(ben.page, 'Kd4');
  await receive(ben, link, 1);
  assert.match(await ben.page.locator('#status').textContent(), /A game by link: you play Black\. Your turn\./);
  assert.deepEqual(await moves(ben.page), ['Nd4']);
  // Ben's own game is waiting for him.
  await ben.page.click('#games-button');
  await ben.page.click('#games-local');
  await settled(ben.page);
  assert.deepEqual(await moves(ben.page), ['Kd4']);
  assert.equal(await ben.page.locator('#corr').isVisible(), false);
  await ben.page.reload();
  await ben.page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await moves(ben.page), ['Kd4']);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(ben.errors, []);
  await ann.context.close();
  await ben.context.close();
});

test('games another build kept, which this tab cannot read, are set aside, not written over', async () => {
  const friend = await open(browser, server.url);
  await newGame(friend.page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'remote'], names: ['Ann', 'Ben'] });
  await typeMove(friend.page, 'Qd4');
  const link = await sendLink(friend.page);
  const me = await open(browser, server.url);
  await receive(me, link, 1);
  // A newer build, in another tab of this origin, keeps the list in a
  // version this one cannot read.
  const newer = JSON.stringify({ kind: 'games', version: 99, data: [{ record: 'a game only the newer build reads' }] });
  await me.page.evaluate((text) => localStorage.setItem('cheversi.games', text), newer);
  // This tab saves its game.
  await typeMove(me.page, 'Bf6');
  const kept = await me.page.evaluate(() => ({
    games: localStorage.getItem('cheversi.games'),
    aside: localStorage.getItem('cheversi.games.set-aside') ?? '',
  }));
  assert.ok(kept.aside.includes(newer), `the newer list is kept aside; aside: ${kept.aside.slice(0, 200)}, games: ${kept.games.slice(0, 200)}`);
  assert.deepEqual(me.errors, []);
  await friend.context.close();
  await me.context.close();
});

test('two tabs keep each other\'s games', async () => {
  const friend = await open(browser, server.url);
  await newGame(friend.page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'remote'], names: ['Ann', 'Ben'] });
  await typeMove(friend.page, 'Qd4');
  const first = await sendLink(friend.page);
  await newGame(friend.page, { game: 'attrition', variant: 'duel', seats: ['human', 'remote'], names: ['Ann', 'Ben'] });
  await typeMove(friend.page, 'Nd4');
  const second = await sendLink(friend.page);

  const me = await open(browser, server.url);
  await receive(me, first, 1);
  // A second tab of the same browser opens the other link.
  const tab = await me.context.newPage();
  await tab.goto(second);
  await tab.waitForSelector('body[data-ready="true"]');
  await until(tab, () => document.querySelectorAll('#moves .move').length === 1);
  // The first tab moves on in its game and saves: the other tab's game stays.
  await typeMove(me.page, 'Bf6');
  const ids = await me.page.evaluate(() => JSON.parse(localStorage.getItem('cheversi.games')).data.map((g) => g.record.match(/\[Game "([^"]+)"/)[1]));
  assert.deepEqual(ids.sort(), ['Cheversi', 'Chivalrous Attrition']);
  await me.page.click('#games-button');
  assert.equal(await me.page.locator('#games-list .game-row').count(), 2, 'the storage event brought the other tab\'s game');
  await me.page.click('#games-close');
  assert.deepEqual(me.errors, []);
  await friend.context.close();
  await me.context.close();
});
