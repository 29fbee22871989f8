// Chivalrous Attrition through the UI: a full duel against the computer
// and a 3-player melee with two computer seats.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, cell, settled } from '../lib/harness.js';
import { waitForHumanTurn, playAnyMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('a full duel against the computer', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'attrition', variant: 'duel', seats: ['human', 'master'] });
  // Setup: the mirror square of White's start is forbidden to Black, and
  // shown; White places first.
  await cell(page, 'd4').click();
  await waitForHumanTurn(page, 0);
  const moves = await page.locator('#moves .move').allTextContents();
  assert.equal(moves[0], 'Nd4');
  assert.equal(moves.length, 2, 'the computer placed its knight');
  assert.notEqual(moves[1], 'Ne5', 'not on the mirror square');
  let turns = 1;
  while (await waitForHumanTurn(page, 0)) {
    await playAnyMove(page, { confirm: false });
    turns += 1;
    assert.ok(turns < 64, 'a duel ends');
  }
  const summary = await page.locator('#summary').textContent();
  assert.match(summary, /(White|Black) wins/);
  // Every square a knight left is marked.
  const marked = await page.locator('#grid .cell[aria-label$=", marked"]').count();
  assert.ok(marked >= turns, `${marked} marked squares after ${turns} turns`);
  assert.match(await page.locator('#live').textContent(), /wins\./);
  assert.deepEqual(errors, []);
  await page.screenshot({ path: 'screenshots/duel-end-desktop.png' });
  await context.close();
});

test('the duel\'s solved data comes with the first duel, once, not with the page', async () => {
  const { page, errors, context } = await open(browser, undefined);
  const fetched = [];
  context.on('request', (r) => { if (/duel_/.test(r.url())) fetched.push(r.url().split('/').pop()); });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"][data-worker="ready"]');
  assert.deepEqual(fetched, []);
  await newGame(page, { game: 'attrition', variant: 'duel', seats: ['human', 'master'] });
  await cell(page, 'd4').click();
  await waitForHumanTurn(page, 0);
  const [, black] = await page.locator('#moves .move').allTextContents();
  // Black wins from a square of White's colour (the solved setups): the
  // Master, as Black, takes one.
  const [file, rank] = [black.charCodeAt(1) - 97, Number(black[2]) - 1];
  assert.equal((file + rank) % 2, 0, `${black} is a dark square, as d4`);
  await playAnyMove(page, { confirm: false });
  await waitForHumanTurn(page, 0);
  assert.deepEqual(fetched.sort(), ['duel_book.txt']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 3-player melee with two computer seats', async () => {
  const { page, errors, context } = await open(browser, server.url, { width: 360, height: 640 });
  await newGame(page, {
    game: 'attrition', variant: 'melee', players: 3, seats: ['human', 'casual', 'casual'],
  });
  assert.equal(await page.locator('#players li').count(), 3);
  await cell(page, 'a1').click();
  await settled(page);
  let announcements = [];
  let turns = 0;
  while (await waitForHumanTurn(page, 0)) {
    if (await page.locator('#players .seat-0.out').count()) break;
    announcements.push(await page.locator('#live').textContent());
    if (turns === 2) await page.screenshot({ path: 'screenshots/melee-phone.png' });
    await playAnyMove(page, { confirm: false });
    turns += 1;
    assert.ok(turns < 64);
  }
  // White is out, or the game is over: let the computers finish.
  await page.waitForSelector('#summary:not([hidden])', { timeout: 120000 });
  const summary = await page.locator('#summary').textContent();
  assert.match(summary, /(White|Black|Red) wins/);
  const outs = await page.locator('#players .out').count();
  assert.equal(outs, 2, 'two players were eliminated');
  assert.deepEqual(errors, []);
  await context.close();
});

test('who starts is drawn at random unless the players choose, and names move with their seats', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await page.click('#new-game-button');
  await page.selectOption('#ng-game', 'attrition');
  assert.equal(await page.inputValue('#ng-first'), 'random', 'the rules\' default');
  await page.click('#ng-cancel');
  // Drawn: over a few games, each seat's name stays with the seat's player.
  const firsts = new Set();
  for (let i = 0; i < 8; i++) {
    await newGame(page, { game: 'attrition', variant: 'duel', seats: ['human', 'beginner'], names: ['Ann'], first: 'random' });
    const players = await page.locator('#players li').allTextContents();
    const ann = players.findIndex((p) => p.includes('Ann'));
    assert.equal(players.length, 2);
    assert.ok(ann >= 0, players.join(' | '));
    assert.doesNotMatch(players[ann], /computer/, `Ann is the person: ${players.join(' | ')}`);
    assert.match(players[1 - ann], /computer/, players.join(' | '));
    firsts.add(ann);
  }
  assert.equal(firsts.size, 2, 'either may start');
  assert.deepEqual(errors, []);
  await context.close();
});
