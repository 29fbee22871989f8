// What the page read and could not use — a bad link, a bad embed
// parameter, an unreadable save — is said in the page's language: on the
// Italian page, no English reason and no JavaScript "Error:" prefix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, settled } from '../lib/harness.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

// Words of the English reasons (keys and values such as `foo` or
// `white` are the link's own, not English sentences).
const ENGLISH = /\b(is|not|unknown|missing|expected|given|could|the|key|level|one of|unreadable|saved|version|set aside|Error)\b/;

async function status(url, options) {
  const opened = await open(browser, url, { locale: 'it-IT', ...options });
  await settled(opened.page);
  const text = await opened.page.locator('#status').textContent();
  assert.doesNotMatch(text, ENGLISH, text);
  assert.doesNotMatch(text, /Error:/, text);
  assert.deepEqual(opened.errors, []);
  await opened.context.close();
  return text;
}

test('a bad link, on the Italian page', async () => {
  assert.equal(await status(`${server.url}#game=cheversi&foo=1`),
    "Impossibile aprire la partita del link (chiave sconosciuta 'foo'); la tua partita resta com'era.");
  assert.match(await status(`${server.url}#game=cheversi&rules=nope`),
    /^Impossibile aprire la partita del link \(rules: 'nope' non esiste come insieme di regole \(valori ammessi: [a-z, -]+\)\); la tua partita resta com'era\.$/);
});

test('a bad embed parameter, on the Italian page', async () => {
  assert.equal(await status(`${server.url}embed.html?game=cheversi&overlay=purple`, { width: 420, height: 620 }),
    "Impossibile preparare questa scacchiera: overlay: 'purple' non è off, white, black o both");
});

const record = '[Game "Cheversi"]\n[Rules "brainking"]\n\n1. Kd4 *';
for (const [name, saved, reason] of [
  ['an unknown level', JSON.stringify({ version: 1, record, seats: ['Human', { Computer: 'grandmaster' }], undo_allowed: true, cursor: 1 }),
    "seats: 'grandmaster' non esiste come livello (valori ammessi: beginner, casual, strong, master)"],
  ['a missing field', JSON.stringify({ version: 1, record, seats: ['Human', 'Human'], undo_allowed: true }),
    'cursor: mancante o illeggibile'],
  ['not JSON', '{"version":1,"record":', 'il testo non è JSON'],
  ['another version', JSON.stringify({ version: 9, record, seats: ['Human', 'Human'], undo_allowed: true, cursor: 1 }),
    'versione 9 non riconosciuta'],
]) {
  test(`an unreadable save (${name}), on the Italian page`, async () => {
    assert.equal(await status(server.url, { storage: { 'cheversi.game': saved } }),
      `La partita salvata non è leggibile (${reason}); è stata messa da parte ed è iniziata una nuova partita.`);
  });
}
