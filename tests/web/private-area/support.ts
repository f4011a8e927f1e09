// Shared set-up of the private-area and back-office screen tests: a fresh mock store with the
// area's handlers in front (so another area's handlers for the same paths cannot answer), and the
// PDF saver replaced (jsdom cannot save files).
import { vi } from 'vitest';
import { resetMockStore } from '#mocks/fixtures/back-office.ts';
import { backOfficeHandlers } from '#mocks/handlers/back-office.ts';
import { privateAreaHandlers } from '#mocks/handlers/private-area.ts';
import { fileSaver } from '#web/lists/pdf.ts';
import { server } from '../msw-server.ts';

export function useListsMockApi() {
  resetMockStore();
  server.use(...privateAreaHandlers(), ...backOfficeHandlers());
  return vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
}

/** The first screen of a test loads its lazy chunks; under a full parallel run that can take a while. */
export const SLOW = { timeout: 10_000 } as const;
