import { chromium } from 'playwright';
const [url, out, width = '360', full = ''] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: Number(width), height: 800 }, deviceScaleFactor: 1 });
await p.goto(url, { waitUntil: 'networkidle' });
if (process.env.SCROLL) { const hh = await p.evaluate(() => document.documentElement.scrollHeight); for (let y = 0; y < hh; y += 600) { await p.evaluate((y) => scrollTo(0, y), y); await p.waitForTimeout(150); } await p.evaluate(() => scrollTo(0, 0)); await p.waitForTimeout(1500); }
if (full === 'tiles') {
  const h = await p.evaluate(() => document.documentElement.scrollHeight);
  const tile = Number(width) < 800 ? 1400 : 900;
  for (let y = 0, i = 0; y < h; y += tile, i++) {
    await p.screenshot({ path: out.replace('.png', `-${i}.png`), fullPage: true, clip: { x: 0, y, width: Number(width), height: Math.min(tile, h - y) } });
  }
  console.log(out, h, Math.ceil(h / tile));
} else await p.screenshot({ path: out, fullPage: full === 'full' });
await b.close();
