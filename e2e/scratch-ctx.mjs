import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serve } from './lib/harness.js';
const cpu = () => { const f = readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return (f[0]+f[1]+f[2]+f[5]+f[6]) / 100; };
const server = await serve();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
const sleep = (ms) => new Promise(r => setTimeout(r, ms));
async function run(block) {
  const acc = {page:0,load:0,settle:0}; const N = 6;
  for (let i=0;i<N+1;i++){
    const ctx = await browser.newContext({ serviceWorkers: 'block' });
    if (block) await ctx.route(/worker-loader/, (r) => r.abort());
    const c1 = cpu();
    const page = await ctx.newPage();
    const c2 = cpu();
    await page.goto(server.url); await page.waitForSelector('body[data-ready="true"]');
    const c3 = cpu();
    await sleep(1500);
    const c4 = cpu();
    await ctx.close(); await sleep(300);
    if (i>0){acc.page+=c2-c1;acc.load+=c3-c2;acc.settle+=c4-c3;}
  }
  console.log(block ? 'worker blocked' : 'worker      ', Object.entries(acc).map(([k,v]) => `${k} ${(v/N).toFixed(2)}`).join('  '));
}
await run(false); await run(true); await run(false); await run(true);
await browser.close(); await server.close();
