// Session (spec §4 "Session"): model-based paths plus one example per rule.
import { describe, expect, it } from 'vitest';
import { isBackOfficePath } from '#machines/support/routes.ts';
import { selectIsLoginRequired, selectOrigins, selectRestoredSession, sessionMachine } from '#machines/session.ts';
import { citizenSession, sessionModel, staffSession } from './models/session.model.ts';
import { defineModelSuite } from './support/harness.ts';
import { drive } from './support/drive.ts';

const needsBackOfficeLogin = (context: { path: string; hasUser: boolean; userArea: string | null }) =>
  isBackOfficePath(context.path) && !(context.hasUser && context.userArea === 'BO');

defineModelSuite(sessionModel, {
  'a stored session is restored at load unless it is a citizen on a back-office path': ({ index, path, emitted, after }) => {
    const restores = emitted.filter((event) => event.type === 'restore');
    if (index > 0) {
      expect(restores).toEqual([]);
      return;
    }
    const { stored, path: loadedOn } = path.input;
    const restorable = stored !== null && !(stored.area === 'FO' && isBackOfficePath(loadedOn));
    expect(restores).toEqual(restorable ? [{ type: 'restore', session: stored }] : []);
    expect(selectRestoredSession(after)).toBe(restorable ? stored : null);
  },
  'the login is required exactly on back-office paths without a back-office user': ({ after }) => {
    expect(selectIsLoginRequired(after)).toBe(needsBackOfficeLogin(after.context));
    expect(after.matches({ active: 'ready' })).toBe(!needsBackOfficeLogin(after.context));
  },
  'the back-office login starts once per new route, from the path asked for': ({ before, after, emitted }) => {
    const starts = emitted.filter((event) => event.type === 'startLogin');
    const changed =
      before === null ||
      before.context.path !== after.context.path ||
      before.context.hasUser !== after.context.hasUser ||
      before.context.userArea !== after.context.userArea;
    if (selectIsLoginRequired(after) && changed) {
      expect(starts).toEqual([{ type: 'startLogin', area: 'BO', origin: after.context.path, silent: true }]);
      expect(after.context.loginOrigin).toBe(after.context.path);
    } else {
      expect(starts).toEqual([]);
    }
  },
  'origins change only when remembered, when a login starts, or all at once when forgotten after a logout': ({ event, before, after, emitted }) => {
    if (!before) return;
    if (event.type === 'FORGET_ORIGINS') {
      expect(selectOrigins(after)).toEqual({ loginOrigin: null, logoutOrigin: null });
      return;
    }
    const loginOrigin = event.type === 'REMEMBER_LOGIN_ORIGIN' ? event.origin : emitted.length ? after.context.path : before.context.loginOrigin;
    const logoutOrigin = event.type === 'REMEMBER_LOGOUT_ORIGIN' ? event.origin : before.context.logoutOrigin;
    expect(selectOrigins(after)).toEqual({ loginOrigin, logoutOrigin });
  },
});

describe('session rules', () => {
  it('restores a citizen on a front-office path', () => {
    const session = drive(sessionMachine, { stored: citizenSession, path: '/private-area' });
    expect(session.emittedOf('restore')).toEqual([{ type: 'restore', session: citizenSession }]);
    expect(selectIsLoginRequired(session.snapshot())).toBe(false);
  });

  it('does not restore a citizen on a back-office path, and starts the back-office login', () => {
    const session = drive(sessionMachine, { stored: citizenSession, path: '/back-office/requests' });
    expect(session.emittedOf('restore')).toEqual([]);
    expect(selectRestoredSession(session.snapshot())).toBeNull();
    expect(session.emittedOf('startLogin')).toEqual([{ type: 'startLogin', area: 'BO', origin: '/back-office/requests', silent: true }]);
  });

  it('restores staff on a back-office path without asking for a login', () => {
    const session = drive(sessionMachine, { stored: staffSession, path: '/back-office/users' });
    expect(session.emittedOf('restore')).toEqual([{ type: 'restore', session: staffSession }]);
    expect(session.emittedOf('startLogin')).toEqual([]);
  });

  it('starts the back-office login when a visitor or a citizen navigates into the back office', () => {
    const session = drive(sessionMachine, { stored: null, path: '/' });
    session.actor.send({ type: 'ROUTE_CHANGED', path: '/back-office/users', hasUser: true, userArea: 'FO' });
    expect(session.emittedOf('startLogin')).toEqual([{ type: 'startLogin', area: 'BO', origin: '/back-office/users', silent: true }]);
    expect(selectOrigins(session.snapshot()).loginOrigin).toBe('/back-office/users');
  });

  it('does not start the login twice for the same route report', () => {
    const session = drive(sessionMachine, { stored: null, path: '/back-office/requests' });
    session.actor.send({ type: 'ROUTE_CHANGED', path: '/back-office/requests', hasUser: false, userArea: null });
    expect(session.emittedOf('startLogin')).toHaveLength(1);
  });

  it('lets staff through once logged in, and leaves front-office paths alone', () => {
    const session = drive(sessionMachine, { stored: null, path: '/back-office/requests' });
    session.actor.send({ type: 'ROUTE_CHANGED', path: '/back-office/requests', hasUser: true, userArea: 'BO' });
    expect(selectIsLoginRequired(session.snapshot())).toBe(false);
    session.actor.send({ type: 'ROUTE_CHANGED', path: '/startup', hasUser: false, userArea: null });
    expect(selectIsLoginRequired(session.snapshot())).toBe(false);
    expect(session.emittedOf('startLogin')).toHaveLength(1);
  });

  it('keeps the login and logout origins it is told, starting from the stored ones', () => {
    const session = drive(sessionMachine, { stored: null, path: '/', loginOrigin: '/private-area', logoutOrigin: null });
    expect(selectOrigins(session.snapshot())).toEqual({ loginOrigin: '/private-area', logoutOrigin: null });
    session.actor.send({ type: 'REMEMBER_LOGIN_ORIGIN', origin: '/startup-service' });
    session.actor.send({ type: 'REMEMBER_LOGOUT_ORIGIN', origin: '/startup' });
    expect(selectOrigins(session.snapshot())).toEqual({ loginOrigin: '/startup-service', logoutOrigin: '/startup' });
  });
});
