// `npm run dev:mock` (vite --mode mock): the SPA on msw's mocks alone, no server. This plugin applies
// only to the dev server in that mode: it starts the page from src/web/mock/start.ts (the service
// worker first, then the usual /boot.ts), serves msw's worker script (msw's own Vite plugin), and
// drops the /api proxy, so a call the mocks do not answer fails instead of reaching a server.
import { msw } from 'msw/vite';
import type { Plugin } from 'vite';

const BOOT = 'src="/boot.ts"';
const MOCK_BOOT = 'src="/mock/start.ts"';

const inMockMode = (_: unknown, env: { command: string; mode: string }) => env.command === 'serve' && env.mode === 'mock';

export function mockMode(): Plugin[] {
  return [
    { ...msw({ mode: 'worker-only' }), name: 'suap:mock-mode:worker', apply: inMockMode },
    {
      name: 'suap:mock-mode',
      apply: inMockMode,
      config(config) {
        if (config.server) config.server.proxy = {};
      },
      transformIndexHtml: {
        order: 'pre',
        handler(html, context) {
          if (html.includes(BOOT)) return html.replace(BOOT, MOCK_BOOT);
          if (/[\\/]src[\\/]web[\\/]index\.html$/.test(context.filename)) {
            throw new Error(`mock mode: src/web/index.html no longer loads ${BOOT}; update scripts/mock-mode.ts`);
          }
          return html;
        },
      },
    },
  ];
}
