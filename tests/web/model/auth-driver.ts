// The auth model's steps performed on the rendered app: what a person does (header login button,
// the back-office mount, the provider sending the browser back, the identity-matcher form, the
// user menu's logout, a reload with a stored session), what the server answers (gated msw
// replies), and checks that the running auth machine equals the model and the screen shows it.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { authMachine } from '#machines/auth.ts';
import type { AuthEvent, ExchangeCodeOutput } from '#machines/auth/types.ts';
import { isLoginCancelled, isSilentLoginDeclined } from '#machines/auth/rules.ts';
import { isBackOfficePath } from '#machines/support/routes.ts';
import { ApiPaths } from '#shared/api/paths.ts';
import { api } from '#web/api/client.ts';
import { writeStoredSession } from '#web/auth/storage.ts';
import { messages } from '../messages.ts';
import { isMessageKey } from '#web/i18n/use-translate-key.ts';
import { authModel } from '../../machines/models/auth.model.ts';
import { serializeModelState } from '../../machines/support/model.ts';
import type { ModelPath, ModelStep } from '../../machines/support/paths.ts';
import type { PathDriver } from '../../machines/support/replay.ts';
import { prepareCallback } from '../oidc.ts';
import type { HttpGates } from './http-gates.ts';
import { renderWithProbe } from './probe.tsx';

/** The authentication-failed dialog's title, whichever reason it gives (docs/architecture.md "The citizen's journey with real data"). */
const AUTH_FAILED_TITLE = /^(Accesso non riuscito|Account disattivato|Servizio di accesso non raggiungibile|Accesso annullato)$/;

/** The provider's answer is in the callback URL itself (no code to exchange): a declined silent sign-in, a cancelled login. */
const isAnsweredInCallback = (error: unknown) => isSilentLoginDeclined(error) || isLoginCancelled(error);

type Snapshot = SnapshotFrom<typeof authMachine>;
type App = ReturnType<typeof renderWithProbe>;

export const authTally = { paths: 0, steps: 0, byUser: 0, byServer: 0, reloads: 0, withoutControl: 0 };

// Hidden included: an open modal hides the page from assistive technology, not from the test.
const banner = () => screen.getByRole('banner', { hidden: true });
const text = (key: string) => (isMessageKey(key) ? messages.it[key] : key);

let expiredCalls = 0;

export function createAuthDriver(path: ModelPath<typeof authMachine>, gates: HttpGates, first: App) {
  let app = first;
  let at = 0;
  let previous: Snapshot | null = null;
  const location = () => `${app.router.state.location.pathname}${app.router.state.location.search}`;

  const go = async (to: string) => {
    if (location() !== to) await act(() => app.router.navigate(to));
    await waitFor(() => expect(location()).toBe(to));
  };
  // A person closes what is on top before using the page. A later modal shows once the closed one's
  // focus poll is over: wait for the modals machine to leave `closing`, not for time.
  const dismissModals = async () => {
    const modals = () => app.refs().modals.getSnapshot();
    for (let round = 0; round < 8; round += 1) {
      await waitFor(() => expect(modals().matches('closing')).toBe(false));
      if (modals().matches('idle')) return;
      await screen.findByRole('alertdialog');
      await app.user.keyboard('{Escape}');
      await waitFor(() => expect(modals().matches('showing')).toBe(false));
    }
  };
  const click = async (element: HTMLElement) => {
    await waitFor(() => expect(element.hasAttribute('disabled')).toBe(false));
    await app.user.click(element);
  };
  const reload = async (to: string) => {
    app.unmount();
    app = renderWithProbe(to);
    await screen.findByRole('heading', { level: 1 });
  };

  const actions: Record<string, (event: AuthEvent) => Promise<void>> = {
    async LOGIN(event) {
      if (event.type !== 'LOGIN') return;
      await dismissModals();
      // Staff reach the login through the back-office mount; citizens press the header button.
      if (event.area === 'BO') return go(event.origin);
      await go(event.origin);
      await click(within(banner()).getByRole('link', { name: "Accedi all'area personale" }));
    },
    async CALLBACK(event) {
      if (event.type !== 'CALLBACK') return;
      // The authorization request this callback answers carries what the next step's exchange says.
      const exchange = path.steps[at + 2]?.event;
      const output = exchange?.type === 'xstate.done.actor.exchangeCode' ? (exchange.output as ExchangeCodeOutput) : null;
      // A silent sign-in the provider declines comes back with login_required instead of a code.
      const declined = exchange?.type === 'xstate.error.actor.exchangeCode' && isSilentLoginDeclined(exchange.error) ? exchange.error : null;
      if (declined) {
        await go(
          await prepareCallback(
            event.area,
            'model',
            { origin: declined.origin, fromBackOfficeRoot: declined.fromBackOfficeRoot, silent: true },
            'login_required',
          ),
        );
        return;
      }
      // A person who cancelled at the provider comes back with access_denied instead of a code.
      if (exchange?.type === 'xstate.error.actor.exchangeCode' && isLoginCancelled(exchange.error)) {
        await go(await prepareCallback(event.area, 'model', {}, 'access_denied'));
        return;
      }
      await go(await prepareCallback(event.area, 'model', { origin: output?.loginOrigin ?? null, fromBackOfficeRoot: output?.fromBackOfficeRoot ?? false }));
    },
    async IDENTITY_SUBMIT(event) {
      if (event.type !== 'IDENTITY_SUBMIT') return;
      await dismissModals();
      const { person } = event;
      // Name, family name and birth date are the provider's (shown, not typed: docs/architecture.md "Identity"); the
      // person picks the country from the list and types the rest.
      const country = screen.getByRole('combobox', { name: /^Stato di nascita/ });
      await app.user.clear(country);
      await app.user.type(country, person.statoNascita);
      await app.user.click(await screen.findByRole('option', { name: person.statoNascita }));
      const fields = { comuneNascita: person.comuneNascita ?? '', codiceFiscale: person.codiceFiscale };
      for (const [name, value] of Object.entries(fields)) {
        const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
        if (!input) {
          if (value === '') continue;
          throw new Error(`no ${name} field`);
        }
        fireEvent.change(input, { target: { value } });
      }
      await app.user.click(screen.getByRole('radio', { name: person.sesso === 'M' ? 'Maschile' : 'Femminile' }));
      await click(screen.getByRole('button', { name: 'Conferma i dati' }));
    },
    async IDENTITY_CANCEL() {
      await dismissModals();
      await click(screen.getByRole('button', { name: "Annulla l'accesso" }));
    },
    async RESTORE(event) {
      if (event.type !== 'RESTORE') return;
      // A reload starts the auth machine afresh: only where the model has nothing else to keep.
      if (previous?.context.loginOrigin !== null || previous.context.logoutOrigin !== null) {
        authTally.withoutControl += 1;
        authTally.byUser -= 1;
        act(() => app.refs().auth.send(event));
        return;
      }
      authTally.reloads += 1;
      writeStoredSession({ user: event.user, auth: event.auth, area: event.area });
      await reload('/');
    },
    async LOGOUT(event) {
      if (event.type !== 'LOGOUT') return;
      await dismissModals();
      // Without a user, the logout screen sends LOGOUT and the machine goes home at once.
      if (!previous?.matches('loggedIn')) return act(() => app.router.navigate('/auth/logout'));
      await go(event.origin ?? '/');
      // Entering the startup process may open its own dialog first (draft found, or the wizard's
      // start); a person closes it before reaching for the user menu, and so does the driver.
      await waitFor(() => expect(screen.queryAllByRole('heading', { level: 1, hidden: true }).length).toBeGreaterThan(0));
      await dismissModals();
      await click(await within(banner()).findByRole('button', { name: /: menu utente$/ }));
      await app.user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Esci' }));
      if (previous.context.area === 'BO') {
        const dialog = await screen.findByRole('alertdialog', { name: 'Vuoi uscire dal back office?' });
        await app.user.click(await within(dialog).findByRole('button', { name: 'Esci' }));
      }
    },
    async IDLE_TIMEOUT(event) {
      // The idle machine's report: its timer runs on the machines' clock, which these runs leave
      // real (tests/web/back-office/idle-sign-out.test.tsx steps it with a simulated clock).
      authTally.withoutControl += 1;
      authTally.byUser -= 1;
      act(() => app.refs().auth.send(event));
    },
    async EXPIRED() {
      authTally.byServer += 1;
      authTally.byUser -= 1;
      // Not awaited: with a refresh token the call waits for the renewal the next step releases.
      // The call's 401 reaches the machine once the answer arrives: wait for that, not for the call.
      const reported = new Promise<void>((resolve) => {
        const subscription = app.refs().auth.subscribe((snapshot) => {
          if (!snapshot.matches({ loggedIn: 'active' })) {
            subscription.unsubscribe();
            resolve();
          }
        });
      });
      void api.get(ApiPaths.requestList, { headers: { 'x-model-expire': String((expiredCalls += 1)) } }).then(
        () => undefined,
        () => undefined,
      );
      await act(() => reported);
    },
  };

  const driver: PathDriver<typeof authMachine> = {
    async send(event: AnyEventObject) {
      const action = actions[event.type];
      if (!action) throw new Error(`no screen action for ${event.type}`);
      authTally.byUser += 1;
      await action(event as AuthEvent);
    },
    async complete(id, output) {
      authTally.byServer += 1;
      await gates.release(id, { ok: true, output });
    },
    async fail(id, error) {
      authTally.byServer += 1;
      // The provider's answer was in the callback URL itself: nothing waits at a gate.
      if (isAnsweredInCallback(error)) return;
      await gates.release(id, { ok: false, error });
    },
    advance() {
      throw new Error('the auth machine has no timers');
    },
    async check(step: ModelStep<Snapshot>, index: number) {
      at = index;
      // A declined silent sign-in or a cancelled login fails inside the actor, with no server to wait
      // for: the screen is already past 'exchanging' when this step is checked, and the next step checks it.
      const next = path.steps[index + 1]?.event;
      if (step.state.matches('exchanging') && next?.type === 'xstate.error.actor.exchangeCode' && isAnsweredInCallback(next.error)) {
        previous = step.state;
        return;
      }
      const expected = serializeModelState(authModel, step.state);
      await waitFor(() => expect(serializeModelState(authModel, app.refs().auth.getSnapshot())).toBe(expected));
      await checkScreen(step, previous);
      // Staff land on the request list; the model's later steps (expiry, logout) happen on a
      // public page, where a logged-out visitor is not sent to the staff login at once.
      if (isBackOfficePath(location())) await go('/');
      previous = step.state;
    },
  };
  return { driver, app: () => app };
}

async function checkScreen({ state, event }: ModelStep<Snapshot>, previous: Snapshot | null) {
  const hidden = { hidden: true } as const;
  // Spec §8: a failed revocation warns and keeps the session.
  if (event.type === 'xstate.error.actor.revokeToken') await screen.findByRole('alertdialog', { name: text('modals.revoke-token-failed') });
  if (state.hasTag('busy')) await waitFor(() => expect(document.querySelector('.app-spinner')?.textContent).toBe('Caricamento in corso'));
  const { user, errorKey } = state.context;
  if (state.matches('loggedIn') && user) {
    await within(banner()).findByRole('button', { name: `${user.firstName} ${user.lastName}: menu utente`, ...hidden });
  }
  if (state.matches('loggedOut')) await within(banner()).findByRole('link', { name: "Accedi all'area personale", ...hidden });
  const refused = previous && ['redirecting', 'exchanging', 'fetchingUser'].some((value) => previous.matches(value as 'exchanging'));
  if (refused && state.matches('loggedOut')) await screen.findByRole('alertdialog', { name: AUTH_FAILED_TITLE });
  if (state.matches('identityMatcher')) {
    const submit = await screen.findByRole('button', { name: 'Conferma i dati', ...hidden });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(state.matches({ identityMatcher: 'checking' })));
    if (errorKey && state.matches({ identityMatcher: 'editing' })) {
      expect((await screen.findByRole('alert')).textContent).toContain(text(errorKey));
    }
  }
}
