import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
const ctx = await chromium.launchPersistentContext(mkdtempSync('/tmp/pw-'), { executablePath: '/usr/bin/chromium', headless: true, viewport: {width:1280,height:860}, args: ['--no-sandbox','--disable-gpu'] });
const base = 'http://127.0.0.1:4174/?';
for (const [i, q] of process.argv.slice(2).entries()) {
  const page = await ctx.newPage();
  page.on('pageerror', e => console.log('pageerror', e.message));
  await page.goto(base + q);
  await page.waitForFunction(() => !/running|not run/.test(document.querySelector('#result-status').textContent), null, { timeout: 60000 }).catch(() => {});
  if (process.env.STEPS) for (let s = 0; s < Number(process.env.STEPS); s++) await page.locator("#step-forward").click(); else await page.locator("#to-end").click();
  const t = (id) => page.locator('#' + id).innerText();
  console.log(q, '|', await t('result-status'), '|', await t('result-count'), '|', await t('result-nodes'), '|', await t('stat-step'), '| chart', await page.locator('#chart svg').count(), '|', await t('trace-note'), '|', await t('result-note'));
  await page.screenshot({ path: `/tmp/shot-${i}.png` });
  await page.close();
}
await ctx.close();
