// Starts a game through the New game dialog, as a person would.
import { settled } from './harness.js';

/**
 * options: { game: 'cheversi'|'attrition', rules, variant, players,
 *            seats: ['human', 'master', 'remote', ...], names: ['Ann', ...],
 *            undo: true|false, first: 'listed'|'random'|'loser' (Attrition; default listed) }
 */
export async function newGame(page, options) {
  await page.click('#new-game-button');
  await page.selectOption('#ng-game', options.game);
  if (options.rules) await page.selectOption('#ng-rules', options.rules);
  if (options.variant) await page.selectOption('#ng-variant', options.variant);
  if (options.players) await page.selectOption('#ng-players', String(options.players));
  for (const [i, seat] of (options.seats ?? []).entries()) {
    await page.selectOption(`#ng-seat-${i}`, seat);
  }
  for (const [i, name] of (options.names ?? []).entries()) {
    await page.fill(`#ng-name-${i}`, name);
  }
  // Attrition's default is a random order: tests choose theirs.
  if (options.game === 'attrition') await page.selectOption('#ng-first', options.first ?? 'listed');
  if (options.undo !== undefined) await page.setChecked('#ng-undo', options.undo);
  await page.click('#ng-start');
  await settled(page);
}
