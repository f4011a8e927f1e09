// The auth machine's model paths (tests/machines/models/auth.model.ts) replayed on the rendered
// app with the real actors: oidc-client-ts and axios talk to msw, whose replies wait at a gate per
// actor until the path completes or fails that actor (see auth-driver.ts for what each step does
// on screen). By default one path per (state reached, event taken) pair, shortest first, which
// reaches every state and every kind of transition; SCREEN_MODEL=all runs every path.
import { screen } from '@testing-library/react';
import { afterAll, describe, it } from 'vitest';
import { authModel } from '../../machines/models/auth.model.ts';
import { generatePaths, type ModelPath } from '../../machines/support/paths.ts';
import { replayPath } from '../../machines/support/replay.ts';
import type { authMachine } from '#machines/auth.ts';
import { server } from '../msw-server.ts';
import { authTally, createAuthDriver } from './auth-driver.ts';
import { gatedAuthHandlers } from './auth-handlers.ts';
import { createHttpGates } from './http-gates.ts';
import { renderWithProbe } from './probe.tsx';

// A logout whose origin is the startup mount cannot be reproduced on screen: the mount's entry page
// sends a signed-in citizen on into the wizard first (spec §4), so the location the app records is
// a wizard step, not the model's origin. Those paths run on the pure machine only; the rule itself
// ("returns to startup") is covered there and by the browser journeys.
const all = generatePaths(authModel).filter(
  (path) => !path.steps.some((step) => step.event.type === 'LOGOUT' && (step.event as { origin?: string }).origin === '/startup'),
);

/** Shortest path for each pair of the state it ends in and the event that got it there. */
function selection(paths: Array<ModelPath<typeof authMachine>>) {
  const chosen = new Map<string, ModelPath<typeof authMachine>>();
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const last = path.steps.at(-1)!;
    const key = `${JSON.stringify(last.state.value)} ← ${last.event.type}`;
    if (!chosen.has(key)) chosen.set(key, path);
  }
  return [...chosen.values()];
}

const paths = process.env.SCREEN_MODEL === 'all' ? all : selection(all);

describe('auth model on the rendered screens', () => {
  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      const gates = createHttpGates();
      const { driver, app } = createAuthDriver(path, gates, renderWithProbe('/'));
      // Discovery is fetched by whichever provider round trip is running (read at request time:
      // a reload replaces the app and its auth actor).
      const discoveryActor = () => (app().refs().auth.getSnapshot().matches('endingProviderSession') ? 'endProviderSession' : 'redirectToProvider');
      server.use(...gatedAuthHandlers(gates, discoveryActor));
      await screen.findByRole('heading', { level: 1 });
      try {
        await replayPath(authModel.machine, path, driver);
      } finally {
        app().unmount();
      }
      authTally.paths += 1;
      authTally.steps += path.steps.length - 1;
    });
  }

  afterAll(() => {
    console.log(
      `auth on screen: ${authTally.paths}/${paths.length} paths (of ${all.length}), ${authTally.steps} steps; ` +
        `${authTally.byUser} user steps (${authTally.reloads} reloads), ${authTally.byServer} server answers, ` +
        `${authTally.withoutControl} sent to the machine (no screen control)`,
    );
  });
});
