// `npm run screenshots`: full-page PNGs of each route at 320, 375 and 1280 px wide, from the
// production build, into screenshots/ (ignored by git) so the look can be reviewed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.SCREENSHOT_PORT ?? 8898);
const base = `http://localhost:${port}`;
const outDir = path.join(root, 'screenshots');
/** @type {[name: string, route: string, options?: { withCart: boolean }][]} */
const ROUTES = [
  ['home', '/'],
  ['products', '/products'],
  ['products-dairy', '/products?category=Dairy'],
  ['product-1', '/products/1'],
  ['product-3', '/products/3'],
  ['product-5', '/products/5'],
  ['product-not-found', '/products/99'],
  ['cart-empty', '/cart'],
  ['cart', '/cart', { withCart: true }],
  ['checkout', '/checkout', { withCart: true }],
  ['farmer-impact', '/who-are-we/farmer-impact'],
  ['who-are-we', '/who-are-we'],
  ['contact', '/contact'],
  ['recipes', '/who-are-we/recipes'],
  ['track', '/track'],
];
// The narrowest phone the shop supports, a common one, and a laptop (issue 13).
const WIDTHS = (process.env.SCREENSHOT_WIDTHS ?? '320,375,1280').split(',').map(Number);
// SCREENSHOT_ONLY=home,cart takes just those routes.
const only = process.env.SCREENSHOT_ONLY?.split(',');

if (!existsSync(path.join(root, 'build/client/index.html'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
const databaseDir = path.join(root, '.data/screenshots/db');
// The server makes its folder, not the folder's parent (it writes `<folder>.lock` beside it first).
mkdirSync(path.dirname(databaseDir), { recursive: true });

// Its own database folder, emptied as the server starts: never a developer's `.netlify/db-start`,
// which their `npm start` may hold (a second server on a folder is refused).
const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
  env: {
    ...process.env,
    PORT: String(port),
    LOCAL_DB_DIR: databaseDir,
    LOCAL_DB_FRESH: '1',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((/** @type {(value?: unknown) => void} */ resolve) =>
  server.stdout.on('data', (chunk) => String(chunk).includes('Shop') && resolve()),
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const [name, route, options] of ROUTES.filter(([name]) => !only || only.includes(name))) {
      await page.goto(`${base}/`);
      await page.evaluate(
        (withCart) =>
          withCart
            ? localStorage.setItem(
                'cart',
                JSON.stringify([
                  { productId: 3, size: '295gm', quantity: 1 },
                  { productId: 1, size: '1kg', quantity: 2 },
                ]),
              )
            : localStorage.removeItem('cart'),
        Boolean(options?.withCart),
      );
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      // Scroll through once so lazy images load before the full-page picture is taken.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(root, file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
