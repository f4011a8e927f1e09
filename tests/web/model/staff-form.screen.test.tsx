// The staff form machine's model (tests/machines/models/back-office.model.ts) replayed on the staff
// pages (docs/machines/README.md), for an administrator: creating a staff member (/back-office/users/create)
// and modifying another one (Bruno Gallo, /back-office/users/modify?userId=30). Every event of the
// machine is a person's: typing a field or choosing the profile or the active switch (CHANGE: the
// empty fields are filled in order with a valid record, then a name changed, a fiscal code with a
// wrong check character, the switch turned), "Crea l'utente" / "Salva le modifiche" (SUBMIT),
// "Annulla" (CANCEL), and in the "leave without saving?" dialog "Continua a modificare"
// (KEEP_EDITING) or "Esci senza salvare" (DISCARD). The save call's answers are released through
// an msw gate: the saved record, a 400 refusal with its errorKey (duplicate fiscal code, shown on
// its field), a 409 (the record changed meanwhile) and no answer (an alert, closed before the next
// step). Each page is covered on its own: creating and modifying each go through the whole
// machine. The model's "oneself" input is left to the pure run: one's own page offers neither the
// profile nor the active switch, so it adds nothing the screen could cause. The last test asserts
// 100% of the machine's states and transitions went by on screen, every event by its control, and
// no refused event; after every step each operable field, choice and button (the dialog's too) sends
// an event the state accepts.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { staffFormMachine, type StaffFormInput } from '#machines/back-office/staff-form.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { Role } from '#shared/constants.ts';
import type { User } from '#shared/domain.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { EMPTY_STAFF, STAFF_FIELDS, staffValuesOf, type StaffValues } from '#shared/validation/back-office-forms.ts';
import { refusal, staffFormModel } from '../../machines/models/back-office.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import type { ModelPath } from '../../machines/support/paths.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, isOperable } from './screen-run.ts';
import { failureAnswer } from './write-answers.ts';

vi.mock('@xstate/react', async (original) => (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>()));

type Snapshot = SnapshotFrom<typeof staffFormMachine>;

const text = messages.it;
const BRUNO = mockStore.staff.find((record) => record.user.userId === 30)!.user;
const NEW_STAFF = 'new staff member';
const PAGES = {
  [NEW_STAFF]: {
    url: '/back-office/users/create',
    heading: 'Nuovo utente',
    submit: text['bo.users.create-submit'],
    failed: text['bo.user-create.error.title'],
    saved: /^Utente creat/,
    cancelledTo: '/back-office/users',
  },
  'another staff member': {
    url: `/back-office/users/modify?userId=${BRUNO.userId}`,
    heading: `Modifica ${BRUNO.firstName} ${BRUNO.lastName}`,
    submit: text['bo.users.modify-submit'],
    failed: text['bo.user-modify.error.title'],
    saved: /^Modifiche salvate$/,
    cancelledTo: '/back-office/users/details',
  },
} as const;
type PageName = keyof typeof PAGES;

/** A valid new record, typed field by field into an empty form. */
const PAOLA: Omit<StaffValues, 'active'> = {
  firstName: 'Paola',
  lastName: 'Neri',
  fiscalCode: 'NREPLA80A41H501F',
  email: 'paola.neri@example.org',
  profileId: String(Role.BO_COLLAB) as '3',
};
const WRONG_CHECK_CHARACTER = 'NREPLA80A41H501G';
const FILL_ORDER = ['firstName', 'lastName', 'fiscalCode', 'email', 'profileId'] as const;
const TEXT_FIELDS: Record<string, RegExp> = { firstName: /^Nome/, lastName: /^Cognome/, fiscalCode: /^Codice fiscale/, email: /^E-mail/ };

const inputs: Array<{ name: PageName; input: StaffFormInput }> = [
  { name: NEW_STAFF, input: { initial: EMPTY_STAFF, isSelf: false } },
  { name: 'another staff member', input: { userId: BRUNO.userId, initial: staffValuesOf(BRUNO), isSelf: false } },
];

function savedUser({ context }: Snapshot): User {
  const { values } = context;
  const profileId = Number(values.profileId);
  return {
    userId: context.userId ?? 100,
    userEidasId: null,
    firstName: values.firstName,
    lastName: values.lastName,
    fiscalCode: values.fiscalCode,
    email: values.email,
    profile: { profileId, description: profileId === Role.BO_ADMIN ? 'Amministratore' : 'Collaboratore' },
    active: values.active ? 1 : 0,
  };
}

const staffFormScreenModel: ModelSpec<typeof staffFormMachine> = {
  ...staffFormModel,
  inputs,
  payloads: {
    ...staffFormModel.payloads,
    // What a person can do with the form: fill the first empty field; once all are filled, change the
    // name, mistype the fiscal code's check character, or (modifying someone else) turn the switch.
    CHANGE: ({ context }: Snapshot) => {
      const { values } = context;
      const empty = FILL_ORDER.find((field) => values[field] === '');
      if (empty) return [{ field: empty, value: PAOLA[empty] }];
      return [
        { field: 'firstName', value: values.firstName === 'Paola' ? 'Paolina' : 'Paola' },
        ...(values.fiscalCode === WRONG_CHECK_CHARACTER ? [] : [{ field: 'fiscalCode', value: WRONG_CHECK_CHARACTER }]),
        ...(context.userId !== null ? [{ field: 'active', value: !values.active }] : []),
      ];
    },
    'xstate.done.actor.saveStaff': (snapshot: Snapshot) => [{ output: savedUser(snapshot) }],
    'xstate.error.actor.saveStaff': [{ error: refusal(400, 'duplicate-fiscal-code') }, { error: refusal(409, 'conflict') }, { error: refusal(0) }],
  },
};

const gates = createLatestGates();

function gatedSaves() {
  const answer = async () => {
    const reply = await gates.hold('saveStaff');
    return reply.ok ? HttpResponse.json({ ...OK_STATUS, user: reply.output as User, audit: [] }) : failureAnswer(reply.error);
  };
  return [http.post(backOfficeUrls.createUser, answer), http.put(backOfficeUrls.modifyUser, answer)];
}

let page: (typeof PAGES)[PageName] = PAGES[NEW_STAFF];
const field = (name: string) => screen.getByRole('textbox', { name: TEXT_FIELDS[name] }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const discardDialog = () => screen.findByRole('alertdialog', { name: text['bo.users.discard.title'] });

await describeScreenRun<typeof staffFormMachine>({
  title: 'staffForm model on the staff pages',
  model: staffFormScreenModel,
  // Creating and modifying are two pages: each goes through the whole machine.
  coverEachInput: true,
  gates,
  setUp() {
    useListsMockApi();
    server.use(...gatedSaves());
    storeSession('anna');
  },
  warmUp: { url: PAGES[NEW_STAFF].url, ready: () => screen.findByRole('heading', { level: 1, name: PAGES[NEW_STAFF].heading }, { timeout: 60_000 }) },
  url(path: ModelPath<typeof staffFormMachine>) {
    page = PAGES[path.inputName as PageName];
    return page.url;
  },
  async ready() {
    await screen.findByRole('heading', { level: 1, name: page.heading }, SLOW);
    await screen.findByRole('textbox', { name: /^Nome/ });
  },
  async send(event, { app, ui }) {
    switch (event.type) {
      case 'CHANGE': {
        const { field: name, value } = event as unknown as { field: keyof StaffValues; value: string | boolean };
        if (name === 'profileId')
          return ui(() =>
            app.user.click(screen.getByRole('radio', { name: value === String(Role.BO_ADMIN) ? text['bo.profile.admin'] : text['bo.profile.collab'] })),
          );
        if (name === 'active') return ui(() => app.user.click(screen.getByRole('checkbox', { name: 'Utente attivo' })));
        return ui(async () => {
          await app.user.clear(field(name));
          await app.user.type(field(name), value as string);
        });
      }
      case 'SUBMIT':
        return ui(() => app.user.click(button(page.submit)));
      case 'CANCEL':
        return ui(() => app.user.click(button(text['bo.users.cancel'])));
      case 'KEEP_EDITING':
      case 'DISCARD': {
        const dialog = await discardDialog();
        // The dialog's buttons come with its content, after the modals machine's content delay.
        const name = event.type === 'DISCARD' ? text['bo.users.discard.confirm'] : text['bo.users.discard.keep'];
        return ui(async () => app.user.click(await within(dialog).findByRole('button', { name })));
      }
      default:
        throw new Error(`the staff form has no control for ${event.type}`);
    }
  },
  async check(step, { app, count }) {
    const state = step.state as Snapshot;
    const { values, errors } = state.context;
    if (state.matches('done')) {
      // Saved: a success alert, and the staff member's details open.
      expect(await screen.findByRole('alertdialog', { name: page.saved })).toBeTruthy();
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/back-office/users/details'));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Nome/, hidden: true })).toBeNull());
      count('savesAnnounced');
      return;
    }
    if (state.matches('cancelled')) {
      await waitFor(() => expect(app.router.state.location.pathname).toBe(page.cancelledTo));
      // The form goes once the page it leads to has loaded.
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Nome/ })).toBeNull());
      expect(screen.queryByRole('alertdialog')).toBeNull();
      count('cancelled');
      return;
    }
    if (state.matches('failed')) {
      // No answer: an alert says nothing was saved; closing it gives the form back for the next step.
      const alert = await screen.findByRole('alertdialog', { name: page.failed });
      await app.user.click(await within(alert).findByRole('button', { name: 'Chiudi' }));
      count('failureAlertsClosed');
    }
    if (state.matches('confirmingCancel')) {
      // The dialog asks; the form behind it is hidden from assistive technology meanwhile.
      expect(await discardDialog()).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Nome/ })).toBeNull());
      count('discardAsked');
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The form shows the machine's values and errors.
    for (const name of Object.keys(TEXT_FIELDS) as Array<keyof typeof PAOLA>) {
      expect(field(name).value).toBe(values[name]);
      expect(field(name).getAttribute('aria-invalid') === 'true', `${name} marked wrong`).toBe(Boolean(errors[name as keyof typeof errors]));
    }
    for (const [profileId, label] of [
      [String(Role.BO_ADMIN), text['bo.profile.admin']],
      [String(Role.BO_COLLAB), text['bo.profile.collab']],
    ] as const) {
      expect((screen.getByRole('radio', { name: label }) as HTMLInputElement).checked).toBe(values.profileId === profileId);
    }
    const active = screen.queryByRole('checkbox', { name: 'Utente attivo' }) as HTMLInputElement | null;
    expect(active?.checked ?? null).toBe(state.context.userId === null ? null : values.active);
    if (state.matches('fieldErrors')) {
      // The first wrong field takes the focus.
      const first = STAFF_FIELDS.find((name) => errors[name]);
      if (first && TEXT_FIELDS[first]) await waitFor(() => expect(document.activeElement).toBe(field(first)));
      if (step.event.type === 'xstate.error.actor.saveStaff') {
        expect(screen.getByText(text['bo.users.errors.duplicate-fiscal-code'])).toBeTruthy();
        count('refusalsOnTheField');
      }
    }
    const busy = state.matches('submitting') || state.matches('stale');
    await waitFor(() => expect(button(page.submit).disabled).toBe(busy));
    expect(button(text['bo.users.cancel']).disabled).toBe(busy);
    if (state.matches('stale')) {
      const callout = (await screen.findByText(text['bo.users.stale'])).closest<HTMLElement>('[role="alert"]')!;
      expect(callout).toBeTruthy();
      // Modifying, the record can be loaded again from the callout.
      expect(within(callout).queryByRole('button', { name: text['bo.users.reload'] }) !== null).toBe(state.context.userId !== null);
      count('staleCallouts');
    }
  },
  offered() {
    const offered: Array<{ control: string; event: { type: string; [key: string]: unknown } }> = [];
    for (const [name, label] of Object.entries(TEXT_FIELDS)) {
      if (isOperable(screen.queryByRole('textbox', { name: label })))
        offered.push({ control: `${name} field`, event: { type: 'CHANGE', field: name, value: 'x' } });
    }
    for (const radio of screen.queryAllByRole('radio').filter(isOperable))
      offered.push({
        control: `profile ${(radio as HTMLInputElement).value}`,
        event: { type: 'CHANGE', field: 'profileId', value: (radio as HTMLInputElement).value },
      });
    if (isOperable(screen.queryByRole('checkbox', { name: 'Utente attivo' })))
      offered.push({ control: 'active switch', event: { type: 'CHANGE', field: 'active', value: false } });
    const buttons: Record<string, { type: string }> = {
      [page.submit]: { type: 'SUBMIT' },
      [text['bo.users.cancel']]: { type: 'CANCEL' },
      [text['bo.users.discard.keep']]: { type: 'KEEP_EDITING' },
      [text['bo.users.discard.confirm']]: { type: 'DISCARD' },
    };
    for (const [name, event] of Object.entries(buttons)) {
      if (isOperable(screen.queryByRole('button', { name }))) offered.push({ control: `button "${name}"`, event });
    }
    return offered;
  },
  finally(tally) {
    for (const name of ['savesAnnounced', 'cancelled', 'discardAsked', 'failureAlertsClosed', 'refusalsOnTheField', 'staleCallouts'])
      expect(tally[name] ?? 0, name).toBeGreaterThan(0);
  },
});
