// Plays through the UI the way a person would: choose a usable piece from
// the reserve (or a piece on the board), then a square marked legal.
import { cell, settled } from './harness.js';

export async function waitForHumanTurn(page, seat) {
  await settled(page);
  await page.waitForFunction((seat) => {
    const row = document.querySelector(`#players .seat-${seat}`);
    return (row && row.classList.contains('to-move') && !document.body.classList.contains('thinking'))
      || !document.querySelector('#summary').hidden;
  }, seat, { timeout: 30000 });
  return page.locator('#summary').isHidden();
}

/** Types a move in the move box and presses Enter, then waits for the
 *  page's next render. */
export async function typeMove(page, move) {
  await page.fill('#type-move', move);
  await page.press('#type-move', 'Enter');
  await settled(page);
}

/** One placement or jump for the seat to move, through taps. */
export async function playAnyMove(page, { confirm = true } = {}) {
  const pieces = page.locator('.reserve-piece:not([disabled]):not(.unusable)');
  if (await pieces.count() > 0) {
    await pieces.first().click();
    await settled(page);
  } else {
    // Attrition: tap a piece that can jump (its cell gets legal targets).
    const own = await page.locator('#grid .cell').evaluateAll((cells) => cells
      .filter((c) => /, (White|Black|Red|Blue) (Knight|second Knight)/.test(c.getAttribute('aria-label')))
      .map((c) => c.dataset.square));
    // The list holds every knight: a tap on an opponent's knight that the
    // mover's only piece can capture plays that capture, and the turn is done.
    const played = await page.locator('#moves .move').count();
    for (const sq of own) {
      await page.locator(`#grid [data-square="${sq}"]`).click();
      await settled(page);
      if (await page.locator('#moves .move').count() > played) return;
      if (await page.locator('#grid .cell[aria-label$=", legal"]').count() > 0) break;
    }
  }
  const legal = page.locator('#grid .cell[aria-label$=", legal"]');
  const n = await legal.count();
  if (n === 0) throw new Error('no legal square marked: ' + await page.locator('#status').textContent());
  const target = legal.nth(Math.floor(n / 2));
  await target.click();
  await settled(page);
  if (confirm && await page.locator('#grid .cell[aria-label$=", legal"]').count() > 0) {
    await target.click();
  }
  await settled(page);
}

/** Drags with the mouse from one element's centre to another's. */
export async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 5, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await settled(page);
}

export { cell };
