// The msw server of the web tests, shared by setup.ts (lifecycle) and tests (server.use overrides).
import { setupServer } from 'msw/node';
import { handlers } from '#mocks/handlers/index.ts';

export const server = setupServer(...handlers);
