// Renders www/public/icon.svg into the PNG icons the manifest lists
// (run by hand when the icon changes: node e2e/make-icons.js).
import { readFile } from 'node:fs/promises';
import { launch } from './lib/harness.js';

const dir = new URL('../www/public/', import.meta.url).pathname;
const svg = await readFile(dir + 'icon.svg', 'utf8');
const browser = await launch({ full: true });
for (const [name, size, maskable] of [['icon-192.png', 192, false], ['icon-512.png', 512, false], ['icon-maskable-512.png', 512, true]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // Maskable icons keep their picture inside the central 80% safe zone.
  const inner = maskable ? Math.round(size * 0.8) : size;
  await page.setContent(`<body style="margin:0;background:#302e2b;display:grid;place-items:center;height:${size}px">
    <img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${inner}" height="${inner}"></body>`);
  await page.screenshot({ path: dir + name, omitBackground: !maskable });
  await page.close();
}
await browser.close();
