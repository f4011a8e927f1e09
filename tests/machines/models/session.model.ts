// Test model of the session machine: five load situations (nothing stored, citizen or staff
// stored, front-office or back-office path) and the route changes the router can report.
import type { StoredSession } from '#machines/session.ts';
import { sessionMachine } from '#machines/session.ts';
import { boCollab, citizen, tokens } from '../fixtures/identities.ts';
import type { ModelSpec } from '../support/model.ts';

export const citizenSession: StoredSession = { user: citizen, auth: tokens, area: 'FO' };
export const staffSession: StoredSession = { user: boCollab, auth: tokens, area: 'BO' };

export const sessionModel: ModelSpec<typeof sessionMachine> = {
  machine: sessionMachine,
  inputs: [
    { name: 'nothing stored, home', input: { stored: null, path: '/' } },
    { name: 'nothing stored, back office', input: { stored: null, path: '/back-office/requests' } },
    { name: 'citizen stored, front office', input: { stored: citizenSession, path: '/startup-service' } },
    { name: 'citizen stored, back office', input: { stored: citizenSession, path: '/back-office/requests' } },
    { name: 'staff stored, back office', input: { stored: staffSession, path: '/back-office/users', loginOrigin: '/back-office/users' } },
  ],
  payloads: {
    ROUTE_CHANGED: [
      { path: '/', hasUser: false, userArea: null },
      { path: '/startup', hasUser: true, userArea: 'FO' },
      { path: '/back-office/requests', hasUser: false, userArea: null },
      { path: '/back-office/requests', hasUser: true, userArea: 'BO' },
      { path: '/back-office/users', hasUser: true, userArea: 'FO' },
    ],
    REMEMBER_LOGIN_ORIGIN: [{ origin: '/startup-service' }],
    REMEMBER_LOGOUT_ORIGIN: [{ origin: '/startup' }],
    FORGET_ORIGINS: [{}],
  },
  // The origins are bookkeeping that never changes a decision: left out, they would multiply the
  // states by every combination of remembered paths. The invariants still check them on each step.
  project: ({ context }) => ({
    path: context.path,
    hasUser: context.hasUser,
    userArea: context.userArea,
    restored: context.restored?.area ?? null,
  }),
};
