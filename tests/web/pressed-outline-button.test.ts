// "Salva bozza" (an outline button) keeps its border when pressed: Bootstrap Italia draws that border
// as an inset box-shadow, and our keyboard-only focus ring (styles/_shell.scss) removed every
// box-shadow from a control focused by a press. The portal's stylesheet, compiled as the build
// compiles it, is loaded into Debian's Chromium (jsdom has no cascade) and the button pressed with
// the mouse: held down, then released (focused, not focus-visible).
import type { Browser } from 'playwright-core';
import { compile } from 'sass';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/support/chromium.ts';

const css = compile('src/web/styles/main.scss', {
  loadPaths: ['node_modules'],
  quietDeps: true,
  silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
}).css;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const INSET_BORDER = /inset 0px 0px 0px 2px|0px 0px 0px 2px .*inset/;

describe('an outline button pressed with the mouse', () => {
  it('keeps its 2 px border while held down and once released (focused by the press)', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await page.setContent(
      `<style>${css}</style><div class="app-form-actions"><button id="save" type="button" class="btn btn-outline-primary">Salva bozza</button><button type="button" class="btn btn-primary">Avanti</button></div>`,
    );
    const shadow = () => page.$eval('#save', (button) => getComputedStyle(button).boxShadow);
    expect(await shadow()).toMatch(INSET_BORDER);
    const box = (await page.locator('#save').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await shadow()).toMatch(INSET_BORDER);
    await page.mouse.up();
    await page.mouse.move(0, 0);
    expect(await page.$eval('#save', (button) => button.matches(':focus') && !button.matches(':focus-visible'))).toBe(true);
    expect(await shadow()).toMatch(INSET_BORDER);
    await page.close();
  });

  it('still shows the focus ring, not only the border, when reached with the keyboard', async () => {
    const page = await browser.newPage();
    await page.setContent(`<style>${css}</style><button id="save" type="button" class="btn btn-outline-primary">Salva bozza</button>`);
    await page.keyboard.press('Tab');
    expect(await page.$eval('#save', (button) => button.matches(':focus-visible'))).toBe(true);
    expect(await page.$eval('#save', (button) => getComputedStyle(button).boxShadow)).toMatch(/0px 0px 0px 5px/);
    await page.close();
  });
});
