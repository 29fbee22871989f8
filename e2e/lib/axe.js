// axe-core (npm, pinned in package.json) run inside a page.
//
// The pages forbid inline scripts (Content-Security-Policy), so
// page.addScriptTag({ content }) is blocked and reported as a violation;
// page.evaluate(source) goes through the DevTools protocol instead, which
// the policy does not govern.
import { readFile } from 'node:fs/promises';

const SOURCE = await readFile(new URL('../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/**
 * axe's violations on the page (or frame), each as { id, impact, help,
 * nodes: [selector: summary] }. Options go to axe.run (iframes: false by
 * default: embedded boards are checked on their own page).
 */
export async function axe(page, options = {}) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(SOURCE);
  return page.evaluate((opts) => window.axe.run(document, opts).then((r) => r.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
  }))), { iframes: false, ...options });
}

/** Serious and critical findings only: the ones the tests fail on. */
export const serious = (violations) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** Findings counted by impact, e.g. "serious 5, moderate 49". */
export function tally(violations) {
  const counts = {};
  for (const v of violations) counts[v.impact] = (counts[v.impact] ?? 0) + v.nodes.length;
  return Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
}

/** A readable list for assertion messages. */
export const explain = (violations) => violations
  .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 8).join('\n  ')}`).join('\n');
