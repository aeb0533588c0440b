import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless=new'] });
const p = await b.newPage({ viewport: { width: 375, height: 800 } });
await p.goto('file:///work/main/.data/e2e/mail/OUO_1795600241228.html');
await p.screenshot({ path: '/tmp/email-375.png', fullPage: true });
await b.close();
