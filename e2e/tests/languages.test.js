// Italian and Romanian: picked from the browser's language, switchable,
// remembered, for the page's words, the board's names and the rules'
// reasons.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as acorn from 'acorn';
import { serve, launch, open, cell, settled, until, DIST } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

const page = (locale) => open(browser, server.url, { locale });

test('an Italian browser gets Italian, and the choice of Romanian is remembered', async () => {
  const { page: p, context, errors } = await page('it-IT');
  assert.equal(await p.getAttribute('html', 'lang'), 'it');
  assert.equal(await p.locator('#new-game-button').textContent(), 'Nuova partita');
  await newGame(p, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await typeMove(p, 'Kd4');
  await typeMove(p, 'Qa8');
  assert.equal(await p.locator('#status').textContent(),
    "Qa8: va su una casa attaccata dall'ultimo pezzo dell'avversario (Kd4)");
  // In the language's own order, as the reserve says it.
  assert.match(await cell(p, 'd4').getAttribute('aria-label'), /^d4, Re Bianco/);
  assert.equal(await p.getAttribute('nav.actions', 'aria-label'), 'Partita');
  assert.equal(await p.getAttribute('#play', 'aria-label'), 'Scacchiera');
  assert.equal(await p.getAttribute('nav.review', 'aria-label'), 'Scorri le mosse');
  assert.equal(await p.locator('.reserve-piece[aria-label="Donna Nera, 1 in riserva"]').count(), 1);
  // The move box's letters are the notation's (English): said in Italian,
  // since R is Re (King) in Italian notation but a Rook here.
  assert.match(await p.locator('#type-legend').textContent(), /K\sRe.*R\sTorre/);
  assert.equal(await p.getAttribute('#type-move', 'aria-describedby'), 'type-legend');
  // A downloaded record is named in the language too.
  await p.click('#record-button');
  const [download] = await Promise.all([p.waitForEvent('download'), p.click('#record-download')]);
  assert.equal(download.suggestedFilename(), 'cheversi-partita.txt');
  await p.click('#record-close');

  await p.selectOption('#language', 'ro');
  await p.waitForSelector('html[lang="ro"]');
  await settled(p);
  assert.equal(await p.getAttribute('html', 'lang'), 'ro');
  assert.equal(await p.locator('#new-game-button').textContent(), 'Joc nou');
  assert.match(await cell(p, 'e5').getAttribute('aria-label'), /^e5, gol, atacat de 1 Alb/);
  await p.click('#new-game-button');
  assert.equal(await p.locator('#ng-title').textContent(), 'Joc nou');
  assert.match(await p.locator('#ng-description').textContent(), /^Plasează unde atacă ultima piesă/);
  await p.click('#ng-cancel');
  await p.reload();
  await p.waitForSelector('body[data-ready="true"]');
  assert.equal(await p.locator('#undo').textContent(), 'Anulează', 'remembered over the browser language');
  assert.deepEqual(errors, []);
  await context.close();
});

test('every language offered in the switcher', async () => {
  const { page: p, context, errors } = await page('en-GB');
  const options = await p.locator('#language option').evaluateAll((os) => os.map((o) => `${o.value}:${o.textContent}`));
  assert.deepEqual(options, ['en:English', 'it:Italiano', 'ro:Română']);
  assert.equal(await p.locator('#flip').textContent(), 'Flip board');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an Italian reader never sees the page in English while it starts, and the words are asked for at once', async () => {
  const { page: p, context, errors } = await open(browser, undefined, { locale: 'it-IT' });
  // A slow network for the words.
  await p.route('**/lang/it.lang', async (route) => { await new Promise((ok) => setTimeout(ok, 700)); await route.continue(); });
  let asked = null;
  p.on('request', (r) => { if (/\/lang\/it\.lang/.test(r.url()) && asked === null) asked = Date.now(); });
  const started = Date.now();
  await p.goto(server.url, { waitUntil: 'commit' });
  const seen = [];
  while (!(await p.evaluate(() => document.body?.dataset.ready === 'true').catch(() => false))) {
    // Nothing is painted before the page's stylesheet applies (it blocks
    // rendering): shown means styled and visible.
    seen.push(await p.evaluate(() => ({
      visible: document.body !== null && getComputedStyle(document.body).visibility === 'visible'
        && [...document.styleSheets].some((s) => /style-[0-9a-f]+\.css$/.test(s.href ?? '')),
      text: document.getElementById('new-game-button')?.textContent ?? '',
    })).catch(() => ({ visible: false, text: '' })));
    await new Promise((ok) => setTimeout(ok, 25));
  }
  const english = seen.filter((s) => s.visible && s.text === 'New game');
  assert.equal(english.length, 0, `shown in English ${english.length} times of ${seen.length}`);
  assert.equal(await p.locator('#new-game-button').textContent(), 'Nuova partita');
  assert.ok(await p.evaluate(() => getComputedStyle(document.body).visibility === 'visible'));
  // Asked for by the page's head, not once the module has started.
  const moduleStarted = await p.evaluate(() => performance.getEntriesByName('cheversi: module started')[0]?.startTime);
  const navigation = await p.evaluate(() => performance.timeOrigin);
  assert.ok(asked - navigation < moduleStarted, `words asked at ${asked - navigation} ms, module started at ${moduleStarted} ms`);
  assert.ok(started > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('only the page\'s own language is fetched, and a language that cannot be fetched leaves English, said', async () => {
  const fetchedLangs = async (locale) => {
    const { page: p, context, errors } = await open(browser, undefined, { locale });
    const files = [];
    p.on('request', (r) => { if (/\/lang\//.test(r.url())) files.push(r.url().replace(/.*\/lang\//, '')); });
    await p.goto(server.url);
    await p.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(errors, []);
    await context.close();
    return files;
  };
  assert.deepEqual(await fetchedLangs('en-GB'), [], 'English is in the module');
  assert.deepEqual(await fetchedLangs('it-IT'), ['it.lang']);

  // No service worker: its cache would answer for the files routed here.
  const { page: p, context } = await open(browser, undefined, { locale: 'ro-RO' });
  await p.route('**/lang/ro.lang', (route) => route.fulfill({ status: 404, body: '' }));
  await p.goto(server.url);
  await p.waitForSelector('body[data-ready="true"]');
  assert.equal(await p.getAttribute('html', 'lang'), 'en');
  assert.equal(await p.locator('#new-game-button').textContent(), 'New game');
  // Said in Romanian too: the reader asked for it, and may not read English.
  assert.match(await p.locator('#status').textContent(), /^Limba română nu a putut fi încărcată\. Romanian could not be loaded \(.*404.*\)\.$/);
  // The switcher stays on the language shown when another cannot come.
  // A damaged file: the message names the line that does not read.
  await p.route('**/lang/it.lang', (route) => route.fulfill({ status: 200, body: '# parole\nplayer.0 = Bianco\nnot a language file\n' }));
  await p.selectOption('#language', 'it');
  await p.waitForSelector('#status:has-text("Italian could not be loaded")', { state: 'attached' });
  assert.equal(await p.locator('#status').textContent(), "Impossibile caricare l'italiano. Italian could not be loaded (line 3, lang/it.lang: cannot be read).");
  assert.equal(await p.locator('#language').inputValue(), 'en');
  assert.equal(await p.getAttribute('html', 'lang'), 'en');
  await context.close();
  // A Romanian page names the language in Romanian ("Limba Italiano" was
  // Italian's own name inside a Romanian sentence).
  const ro = await open(browser, undefined, { locale: 'ro-RO' });
  await ro.page.route('**/lang/it.lang', (route) => route.fulfill({ status: 404, body: '' }));
  await ro.page.goto(server.url);
  await ro.page.waitForSelector('body[data-ready="true"]');
  await ro.page.selectOption('#language', 'it');
  await ro.page.waitForSelector('#status:has-text("Limba italiană")', { state: 'attached' });
  assert.match(await ro.page.locator('#status').textContent(),
    /^Impossibile caricare l'italiano\. Limba italiană nu a putut fi încărcată \(.*404.*\)\.$/);
  await ro.context.close();
});

// A browser whose WebAssembly lacks SIMD (Safari before 16.4) or reference
// types (Chrome before 96) cannot compile the module: it is told so in its
// language, not left with a board that never comes. Here the probe's answer
// and the compiling are both refused, as such a browser refuses them.
test('a browser that cannot run the module is told so, in its language', async () => {
  // Such browsers are old: the script that tells them must parse there.
  const support = await readFile(DIST + 'support.js', 'utf8');
  assert.doesNotThrow(() => acorn.parse(support, { ecmaVersion: 2015 }), 'support.js is ES2015');
  const noWasm = () => {
    WebAssembly.validate = () => false;
    const refuse = () => Promise.reject(new WebAssembly.CompileError('unsupported'));
    WebAssembly.compile = refuse;
    WebAssembly.compileStreaming = refuse;
    WebAssembly.instantiate = refuse;
    WebAssembly.instantiateStreaming = refuse;
  };
  const said = {
    en: /^This browser cannot run the game: it needs a newer WebAssembly \(Chrome or Edge 96, Firefox 89, Safari 16\.4 or later\)\.$/,
    it: /^Questo browser non può far girare il gioco: serve un WebAssembly più recente/,
    ro: /^Acest browser nu poate rula jocul: are nevoie de un WebAssembly mai nou/,
  };
  const cases = [
    ['en-GB', undefined, 'en'],
    ['it-IT', undefined, 'it'],
    ['ro-RO', undefined, 'ro'],
    // A language chosen before wins over the browser's, as in the app, in
    // the envelope or as the bare code of older saves.
    ['en-GB', '{"kind":"lang","version":1,"data":"ro"}', 'ro'],
    ['ro-RO', 'it', 'it'],
  ];
  for (const [locale, saved, lang] of cases) {
    const storage = saved ? { 'cheversi.lang': saved } : undefined;
    const { page: p, context } = await open(browser, server.url, { locale, init: noWasm, ready: false, storage });
    await p.waitForSelector('#unsupported:visible');
    assert.match(await p.locator('#unsupported').textContent(), said[lang], `${locale}, saved ${saved}`);
    assert.equal(await p.getAttribute('#unsupported', 'lang'), lang);
    await context.close();
  }

  // A browser that runs it never sees the note.
  const { page: ok, context: okContext, errors } = await page('en-GB');
  assert.equal(await ok.locator('#unsupported').isHidden(), true);
  assert.deepEqual(errors, []);
  await okContext.close();
});

// Longer words wrap the header to a second row at 1280x800 in Italian and
// Romanian: the board is sized to the room the header leaves, so White's
// reserve stays on screen.
test('the board and both reserves fit the window whatever the header takes', async () => {
  for (const locale of ['it-IT', 'ro-RO', 'en-GB']) {
    const { page: p, context, errors } = await page(locale);
    const bottom = await p.evaluate(() => document.getElementById('hand-bottom').getBoundingClientRect().bottom);
    assert.ok(bottom <= 800, `${locale}: White's reserve ends at ${bottom}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// Italian and Romanian name the seats' choices at length ("Persoana de la
// acest dispozitiv"): on a phone the New game dialog still fits, with no
// control cut off at its right edge.
test('the New game dialog fits a phone in every language', async () => {
  for (const locale of ['en-GB', 'it-IT', 'ro-RO']) {
    const { page: p, context, errors } = await open(browser, server.url, { locale, width: 360, height: 740 });
    await p.click('#new-game-button');
    const overflow = await p.evaluate(() => {
      const dialog = document.getElementById('new-game').getBoundingClientRect();
      return [...document.querySelectorAll('#new-game select, #new-game input, #new-game fieldset')]
        .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > dialog.right + 0.5)
        .map((el) => `${el.id || el.tagName} ends at ${el.getBoundingClientRect().right}, the dialog at ${dialog.right}`);
    });
    assert.deepEqual(overflow, [], locale);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// The Record dialog's content was wider than the dialog at 1280 pixels:
// Load half cut, Close out of sight.
test('every dialog holds its content, on a phone and a desktop, in every language', async () => {
  for (const locale of ['en-GB', 'it-IT', 'ro-RO']) {
    for (const [width, height] of [[360, 740], [1280, 800]]) {
      const { page: p, context, errors } = await open(browser, server.url, { locale, width, height });
      for (const [button, dialog, close] of [['#record-button', '#record-dialog', '#record-close'],
        ['#games-button', '#games', '#games-close'], ['#new-game-button', '#new-game', '#ng-cancel']]) {
        await p.click(button);
        const outside = await p.evaluate((id) => {
          const box = document.querySelector(id).getBoundingClientRect();
          return [...document.querySelectorAll(`${id} button, ${id} textarea, ${id} select, ${id} input, ${id} label`)]
            .filter((el) => el.getClientRects().length)
            .map((el) => [el.id || el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
            .filter(([, r]) => r.right > box.right + 0.5 || r.left < box.left - 0.5)
            .map(([name, r]) => `${name}: ${Math.round(r.left)}-${Math.round(r.right)}, the dialog ${Math.round(box.left)}-${Math.round(box.right)}`);
        }, dialog);
        assert.deepEqual(outside, [], `${locale} ${width}: ${dialog}`);
        await p.click(close);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

// The variants were listed by their ids ("sudden-death") on an Italian
// page; their values stay the ids that links and records use.
test('the Attrition variants are named in the page\'s language', async () => {
  const { page: p, context, errors } = await page('it-IT');
  await p.click('#new-game-button');
  await p.selectOption('#ng-game', 'attrition');
  const options = await p.$$eval('#ng-variant option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options, [['duel', 'Duello'], ['two-knights', 'Due cavalli'], ['sudden-death', 'Morte improvvisa'], ['melee', 'Mischia']]);
  // Switching the language renames them, the choice kept.
  await p.selectOption('#ng-variant', 'melee');
  await p.click('#ng-cancel');
  await p.selectOption('#language', 'ro');
  await until(p, () => document.documentElement.lang === 'ro');
  await p.click('#new-game-button');
  await p.selectOption('#ng-game', 'attrition');
  assert.equal(await p.locator('#ng-variant option[value="sudden-death"]').textContent(), 'Moarte subită');
  assert.deepEqual(errors, []);
  await context.close();
});

// The rule sets were listed by their ids ("lewicki-any") in every
// language, and so named in My games and a puzzle's title line.
test('the Cheversi rule sets are named in the page\'s language', async () => {
  const { page: p, context, errors } = await page('it-IT');
  await p.click('#new-game-button');
  const options = await p.$$eval('#ng-rules option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options, [
    ['lewicki', 'Lewicki'], ['lewicki-any', 'Lewicki variante I'], ['lewicki-free', 'Lewicki variante II'],
    ['brainking-classic', 'BrainKing classico'], ['brainking', 'BrainKing'],
  ]);
  await p.click('#ng-cancel');
  await p.selectOption('#language', 'ro');
  await until(p, () => document.documentElement.lang === 'ro');
  await p.click('#new-game-button');
  assert.equal(await p.locator('#ng-rules option[value="brainking-classic"]').textContent(), 'BrainKing clasic');
  await p.click('#ng-cancel');
  // My games names a game's rule set so too.
  await p.goto(server.url + '#game=cheversi&rules=lewicki-any&moves=Qd4&seats=human.human&id=offline-game-1&next=1&name0=Ann');
  await p.waitForSelector('body[data-ready="true"]');
  await p.click('#games-button');
  await until(p, () => document.querySelector('#games-list .game-text'));
  assert.match(await p.locator('#games-list .game-text').first().textContent(), /Lewicki varianta I\b/);
  assert.deepEqual(errors, []);
  await context.close();
});
