// Every msw handler of the mocked API, for the test server (tests/web/setup.ts) and, later, a
// browser worker. Add each area's handlers here.
import { authHandlers } from './auth.ts';
import { configHandlers } from './config.ts';

export const handlers = [...configHandlers, ...authHandlers];
