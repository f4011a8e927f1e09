// The pendingDraft machine's model (tests/machines/models/citizen.model.ts) replayed on the service
// page's login box (docs/machines/README.md), from its two starting points: Mario logged in (his session in the
// tab, as a page load after his login leaves it) and a visitor. The draft check's answers are
// released through an msw gate on the request list: his requests with a startup draft, without one,
// none, or a failure (which counts as "no draft"). The one event a person causes on a live page is
// USER_CHANGED to nobody: Mario logs out from the header's user menu ("Esci"), tried before and
// after the check answers. The model's other USER_CHANGED (to a citizen, from nobody or from another
// citizen) are not tried: a login comes back from the identity provider through a full page load,
// which starts a new machine with that citizen as input (the "citizen" start), so no screen sends
// them to a running one. Their transitions are the same ones (USER_CHANGED, choosing → checking),
// all covered. No timers. After every step the running machine equals the model and the box shows
// what the state says. The last test asserts 100% of the machine's states and transitions went by
// on screen, no refused event, none sent for want of a control.
// Judged here, not by `snapshot.can()`: the login box sends USER_CHANGED with the person already
// known when it mounts (its effect runs once with the user it started with). The machine's guard
// (isAnotherUser) deliberately ignores it, which `can()` counts as refused; those events, and only
// those (the user id equal to the machine's), are left out of the refused check and counted.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent, SnapshotFrom } from 'xstate';
import { hasPendingDraft, pendingDraftMachine } from '#machines/pending-draft.ts';
import { mario } from '#mocks/fixtures/identities.ts';
import { REQUEST_LIST_URL } from '#mocks/handlers/public.ts';
import type { RequestListResponse, SuapRequest } from '#shared/api/requests.ts';
import { GENERIC_ERROR } from '#shared/constants.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { pendingDraftModel } from '../../machines/models/citizen.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { SLOW } from '../private-area/support.ts';
import { draftRequest, sentRequest } from '../public/fixtures.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun } from './screen-run.ts';

// Every actor a screen starts with useActorRef reports to the render's ScreenInspectContext; the
// pendingDraft actor's "same person" events are judged here (see above) before the observer sees them.
const judged = vi.hoisted(() => ({ samePerson: 0 }));
vi.mock('@xstate/react', async (original) => {
  const module = (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>());
  const { useContext } = await import('react');
  const { ScreenInspectContext } = await import('#web/lists/inspect.ts');
  const useActorRef = module.useActorRef as (logic: unknown, options?: Record<string, unknown>, observer?: unknown) => unknown;
  const judge = (inspect: (event: InspectionEvent) => void) => (event: InspectionEvent) => {
    if (event.type === '@xstate.event' && event.event.type === 'USER_CHANGED') {
      const snapshot = (event.actorRef as AnyActorRef).getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status === 'active' && snapshot.context.userId === (event.event as unknown as { userId: number | null }).userId) {
        judged.samePerson += 1;
        return;
      }
    }
    inspect(event);
  };
  return {
    ...module,
    useActorRef: ((logic: { id?: string }, options?: Record<string, unknown>, observer?: unknown) => {
      const inspect = useContext(ScreenInspectContext);
      const judging = logic?.id === 'pendingDraft' && inspect && !options?.inspect;
      return useActorRef(logic, judging ? { ...options, inspect: judge(inspect) } : options, observer);
    }) as typeof module.useActorRef,
  };
});

type Snapshot = SnapshotFrom<typeof pendingDraftMachine>;

const BOX = 'Accedi al servizio';
const text = (key: keyof (typeof messages)['it']) => messages.it[key];

const boxModel: ModelSpec<typeof pendingDraftMachine> = {
  ...pendingDraftModel,
  // Mario (his real user id) or a visitor.
  inputs: [
    { name: 'Mario logged in', input: { userId: mario.userId } },
    { name: 'visitor', input: { userId: null } },
  ],
  payloads: {
    ...pendingDraftModel.payloads,
    // Logging out, while a citizen is logged in.
    USER_CHANGED: ({ context }: Snapshot) => (context.userId !== null ? [{ userId: null }] : []),
  },
};

const gates = createLatestGates();
let checks = 0;

/** The list call, held; released with real requests of Mario's that decide as the model's output does. */
function gatedList() {
  return http.get(REQUEST_LIST_URL, async () => {
    checks += 1;
    const reply = await gates.hold('listStartupRequests');
    if (!reply.ok) return HttpResponse.json({ ...GENERIC_ERROR }, { status: 500 });
    const output = reply.output as readonly SuapRequest[];
    const requestList = hasPendingDraft(output) ? [sentRequest(), draftRequest()] : output.length > 0 ? [sentRequest()] : [];
    return HttpResponse.json({
      ...OK_STATUS,
      totalResults: requestList.length,
      totalPages: Math.min(requestList.length, 1),
      requestList,
    } satisfies RequestListResponse);
  });
}

const box = () => screen.getByRole('region', { name: BOX });

await describeScreenRun<typeof pendingDraftMachine>({
  title: 'pendingDraft model on the service page login box',
  model: boxModel,
  // Each start covered on its own: the visitor's page is checked too (nothing asked for nobody).
  coverEachInput: true,
  gates,
  setUp() {
    checks = 0;
    server.use(gatedList());
  },
  warmUp: { url: '/startup-service', ready: () => screen.findByRole('heading', { level: 1, name: 'Servizio startup' }, { timeout: 60_000 }) },
  url(path) {
    // The path's start: Mario's session in the tab (his page load after login), or none.
    if (path.input.userId !== null) storeSession('mario');
    return '/startup-service';
  },
  ready: () => screen.findByRole('heading', { level: 1, name: 'Servizio startup' }, SLOW),
  async send(event, { app, ui, direct }) {
    if (event.type !== 'USER_CHANGED' || event.userId !== null) return direct(event);
    // Mario logs out from the header's user menu (no confirmation in the front office).
    const banner = screen.getByRole('banner');
    await ui(async () => {
      await app.user.click(await within(banner).findByRole('button', { name: /: menu utente$/ }));
      await app.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Esci' }));
    });
  },
  async check(step, { count }) {
    const state = step.state as Snapshot;
    if (state.matches('checking')) {
      expect(await within(box()).findByText(text('startup-service.login-box.checking'))).toBeTruthy();
      // The check asks for Mario's requests.
      await waitFor(() => expect(checks).toBeGreaterThan(0));
    }
    if (state.matches('pending')) {
      expect((await within(box()).findByTestId('draft-pending')).textContent).toContain(text('startup-service.login-box.draft-pending'));
      expect(
        within(box())
          .getByRole('link', { name: text('startup-service.login-box.private-area') })
          .getAttribute('href'),
      ).toBe('/private-area');
      expect(within(box()).queryByRole('button')).toBeNull();
      count('draftShown');
    }
    if (state.matches('none')) {
      // No draft, or the check failed: the service can be started.
      expect(await within(box()).findByRole('button', { name: text('startup-service.start') })).toBeTruthy();
      expect(within(box()).queryByTestId('draft-pending')).toBeNull();
    }
    if (state.matches('nobody')) {
      // Nobody logged in: the box offers the login, and nothing was asked for a visitor.
      expect(await within(box()).findByRole('button', { name: text('startup-service.login-box.login-button') })).toBeTruthy();
      if (step.event.type === 'xstate.init') {
        expect(checks, 'no check for a visitor').toBe(0);
        count('visitorPages');
      } else count('loggedOut');
    }
  },
  finally(tally) {
    expect(tally.draftShown, 'a draft was announced').toBeGreaterThan(0);
    expect(tally.loggedOut, 'a logout emptied the box').toBeGreaterThan(0);
    expect(tally.visitorPages, "a visitor's page was checked").toBeGreaterThan(0);
    console.log(`pendingDraft: ${judged.samePerson} USER_CHANGED with the machine's own user judged deliberate (not refused)`);
  },
});
