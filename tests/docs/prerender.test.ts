// The public pages are prerendered at build time (src/web/entry-server.tsx, in Node, where no actor
// starts and there is no storage): the markup must hold the page itself. An empty #root has no first
// paint, and the boot script (src/web/boot.ts) loads the app only after that paint — an empty
// prerender left the home page without its app (no login) in production builds.
import { describe, expect, it } from 'vitest';
import { prerenderedPaths, render } from '#web/entry-server.tsx';
import { FRAME_ATTRIBUTE } from '#web/routes/prerender-frame.ts';

describe('prerendered pages', () => {
  it('are the home page and the service page at least', () => {
    expect(prerenderedPaths()).toEqual(expect.arrayContaining(['/']));
    expect(prerenderedPaths().length).toBeGreaterThanOrEqual(2);
  });

  it('hold the private area as a frame: its heading and lead, marked to be rendered over, not hydrated', async () => {
    expect(prerenderedPaths()).toContain('/private-area');
    const html = await render('/private-area', 'it');
    const frame = html.slice(html.indexOf(`${FRAME_ATTRIBUTE}=""`));
    expect(html).toContain(`<div ${FRAME_ATTRIBUTE}="">`);
    expect(frame).toMatch(/<h1[^>]*>Area personale<\/h1>/);
    expect(frame).toContain('<p class="lead">');
    // A frame is the page before anyone is known: never the login notice, never anyone's data.
    expect(html).not.toMatch(/Accesso richiesto|app-card-list/);
  });

  it('do not mark public pages as frames (they are hydrated)', async () => {
    for (const path of ['/', '/startup-service']) expect(await render(path, 'it'), path).not.toContain(FRAME_ATTRIBUTE);
  });

  for (const language of ['it', 'en'] as const) {
    it(`hold each page's main content and heading (${language})`, async () => {
      for (const path of prerenderedPaths()) {
        const html = await render(path, language);
        expect(html, path).toMatch(/<main[\s>]/);
        const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim() ?? '';
        expect(heading.length, `${path} has a non-empty h1`).toBeGreaterThan(0);
      }
    });
  }
});
