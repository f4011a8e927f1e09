// Mock mode's entry (`npm run dev:mock`, scripts/mock-mode.ts puts it in place of /boot.ts): the
// service worker answers the API before the app makes its first call, then the app starts as usual.
import { startMockApi } from '#mocks/browser.ts';

await startMockApi();
await import('../boot.ts');
