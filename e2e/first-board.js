// The first interactive board of two builds, alternating 3 loads at a time
// (the machine drifts, so one build after the other misleads):
// body[data-ready-ms] (navigation start to the first frame with the board),
// no service worker; the User Timing marks of both.
//   node e2e/first-board.js DIST_A DIST_B [rounds]   (default 8 rounds)
import { serve, launch, openInOpenWindow } from './lib/harness.js';
const [a, b, rounds = '8'] = process.argv.slice(2);
const servers = [await serve(a.replace(/\/?$/, '/')), await serve(b.replace(/\/?$/, '/'))];
const browser = await launch({ full: true });
const ready = [[], []];
const marks = [{}, {}];
for (let r = 0; r < Number(rounds); r++) {
  const order = r % 2 ? [1, 0] : [0, 1];
  for (const i of order) {
    for (let k = 0; k < 3; k++) {
      const { page, context } = await openInOpenWindow(browser, servers[i].url, { serviceWorkers: 'block' });
      ready[i].push(Number(await page.getAttribute('body', 'data-ready-ms')));
      await page.waitForSelector('body[data-worker="ready"]');
      for (const m of await page.evaluate(() => performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))) {
        (marks[i][m[0]] ??= []).push(Math.round(m[1]));
      }
      await context.close();
    }
  }
}
const med = (xs) => { const s = [...xs].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
console.log(`A ${a}: median ${med(ready[0])} ms over ${ready[0].length} loads`);
console.log(`B ${b}: median ${med(ready[1])} ms over ${ready[1].length} loads`);
for (const [i, build] of ['A', 'B'].entries()) {
  for (const [name, xs] of Object.entries(marks[i])) console.log(`  ${build} mark ${name}: median ${med(xs)} ms`);
}
await browser.close(); for (const s of servers) await s.close();
