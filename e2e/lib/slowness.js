// How much slower the machine is now than when the page's time limits were
// set: a fixed piece of page work timed in the page itself (a list of 100
// rows laid out 10 times, each after a change of width: the style and
// layout work most of a render is), the fastest of 5, against its time then.
// This machine kind varies 2-3x from hour to hour, and a render that took
// 30 ms on a fast hour takes 70 on a slow one. A limit multiplied by this
// (never below 1) holds on a slow hour, while work moved back to the main
// thread (the computer's search: hundreds of ms a move) still fails it.

/** The work's fastest time, in ms, on the machine the limits were set on
 *  (headless Chromium 156, 2026-11-27, a fast hour: 9.7-11 ms). */
export const REFERENCE_MS = 10;

/** Runs the work in `page`, the fastest of 5 runs, in ms. */
export function referenceWork(page) {
  return page.evaluate(() => {
    const box = document.createElement('div');
    box.style.cssText = 'position:absolute;left:-9999px;top:0;font:14px sans-serif';
    for (let i = 0; i < 100; i++) {
      const row = document.createElement('div');
      row.textContent = `row ${i}: ${'word '.repeat(i % 13 + 1)}`;
      box.appendChild(row);
    }
    document.body.appendChild(box);
    let best = Infinity;
    for (let run = 0; run < 5; run++) {
      const t0 = performance.now();
      for (let i = 0; i < 10; i++) {
        box.style.width = `${200 + ((run * 10 + i) % 7) * 30}px`;
        void box.offsetHeight;
      }
      best = Math.min(best, performance.now() - t0);
    }
    box.remove();
    return best;
  });
}

/** How many times slower than then the machine is now, at least 1. */
export async function slowness(page) {
  return Math.max(1, (await referenceWork(page)) / REFERENCE_MS);
}
