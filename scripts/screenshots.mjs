#!/usr/bin/env node
// Takes screenshots of pages in English and Arabic, light and dark, 390 and 1280 px wide.
// Usage: node scripts/screenshots.mjs [baseUrl] [path ...]   (the server must be running)
// SCREENSHOT_ACCOUNT=email:password signs in first (creating the reader if needed), for the
// signed-in pages (/books/recent, /book/{id}, /author/{id}, /scholar/{id}).
// SCREENSHOT_CLICK=<selector> clicks an element (e.g. 'header [aria-haspopup=dialog]', the
// notifications bell) on each page before the picture, for panels and menus.
// Output: screenshots/<page>-<lang>-<theme>-<width>.png
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/', '/privacy', '/unauthorized', '/signin'];
fs.mkdirSync('screenshots', { recursive: true });

async function signIn(page, account) {
  const [email, password] = account.split(':');
  const signUp = await page.request.post(`${baseUrl}/api/auth/sign-up`, {
    data: {
      email,
      password,
      name: 'Reader',
      phone_number: '2025550143',
      address_line_1: '12 Library Way',
      city: 'Dearborn',
      state_province: 'MI',
      postal_code: '48126',
      country: 'United States',
    },
  });
  if (signUp.status() !== 201) await page.request.post(`${baseUrl}/api/auth/sign-in`, { data: { email, password } });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const lang of ['en', 'ar']) {
  for (const theme of ['light', 'dark']) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
      await context.addInitScript(
        ([l, t]) => {
          localStorage.setItem('maktaba.language.v1', l);
          localStorage.setItem('maktaba.theme.v1', t);
        },
        [lang, theme],
      );
      const page = await context.newPage();
      if (process.env.SCREENSHOT_ACCOUNT) await signIn(page, process.env.SCREENSHOT_ACCOUNT);
      for (const path of pages) {
        await page.goto(baseUrl + path, { waitUntil: 'load' });
        // A signed-in page keeps its notification stream open: the network never goes quiet.
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
        await page.waitForSelector('[data-testid="splash"]', { state: 'detached' });
        if (process.env.SCREENSHOT_CLICK) {
          await page.click(process.env.SCREENSHOT_CLICK);
          await page.waitForTimeout(500);
        }
        const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^\w]+/g, '-');
        await page.screenshot({ path: `screenshots/${name}-${lang}-${theme}-${width}.png`, fullPage: false });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots written to ${process.cwd()}/screenshots`);
