// The praticaAction machine's model (tests/machines/models/back-office.model.ts) replayed on the
// dialogs of the back-office request details page (docs/machines/README.md), on request 102, a SCIA
// nobody has taken in charge: Chiara, a clerk of its office, takes it in charge (the dialog is only a
// confirmation); Anna, an administrator, assigns it (the office's clerks in a select), requests an
// integration (a required note) and proposes an outcome (a radio and an optional note). Every event
// of the machine is a person's: writing the note (SET_NOTE: the field cleared and the text pasted),
// choosing the colleague (SET_ASSIGNEE) or the outcome (SET_OUTCOME; a radio cannot be unchosen, so
// the screen's payload is the outcome not chosen yet), the action's own button (SUBMIT), "Annulla"
// (CANCEL) and "Riprova" when the clerks did not come (RETRY). The calls' answers are released
// through msw gates: the moved pratica, a 409 with the lifecycle's reason, a 409 stale-version, a
// 403, a 400 (shown on the field in the clerk's language) and no answer at all. The last test asserts
// 100% of the machine's states and transitions went by on screen, every event by its control, and no
// refused event; after every step each operable control of the dialog sends an event the state accepts.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { praticaActionMachine } from '#machines/back-office/pratica-action.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { stateOfRequest } from '#mocks/fixtures/pratica.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import type { StaffEventType } from '#shared/pratica.ts';
import { eventForm } from '#shared/validation/back-office-forms.ts';
import { colleagues, praticaActionModel, refusal, transitionRefused } from '../../machines/models/back-office.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, isOperable } from './screen-run.ts';
import { failureAnswer } from './write-answers.ts';

vi.mock('@xstate/react', async (original) => (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>()));

type Snapshot = SnapshotFrom<typeof praticaActionMachine>;

const text = messages.it;
const SENT = mockStore.requests.find((request) => request.requestId === 102)!;
const URL = `/back-office/requests/${SENT.requestId}`;
const TITLE = `Richiesta n. ${SENT.requestId}`;
const TYPES: StaffEventType[] = ['TAKE_IN_CHARGE', 'ASSIGN', 'REQUEST_INTEGRATION', 'PROPOSE_OUTCOME'];
const label = (type: StaffEventType) => text[`bo.pratica.action.${type}`];

/** The pratica as the server returns it moved: the next version, waiting for the integration. */
const movedCopy = (): SuapRequest => ({ ...SENT, version: SENT.version + 1, stateOfRequest: stateOfRequest(9), ssuState: 'integration_requested' });

const screenModel: ModelSpec<typeof praticaActionMachine> = {
  ...praticaActionModel,
  inputs: TYPES.map((type) => ({ name: label(type), input: { requestId: SENT.requestId, version: SENT.version, type } })),
  payloads: {
    ...praticaActionModel.payloads,
    // A radio button can be chosen, not unchosen: the screen sends the outcome not chosen yet.
    // A select changes only to another option: the screen sends the colleagues not chosen yet.
    SET_ASSIGNEE: ({ context }: Snapshot) =>
      eventForm(context.type).assignee ? ['6', ''].filter((id) => id !== context.values.assigneeId).map((assigneeId) => ({ assigneeId })) : [],
    SET_OUTCOME: ({ context }: Snapshot) =>
      eventForm(context.type).outcome ? [{ outcome: context.values.outcome === 'positive' ? 'negative' : 'positive' }] : [],
    'xstate.done.actor.fireEvent': [{ output: movedCopy() }],
    'xstate.error.actor.fireEvent': [
      { error: transitionRefused },
      { error: refusal(409, 'stale-version') },
      { error: refusal(403, 'forbidden') },
      { error: refusal(400, 'bad-request') },
      { error: refusal(0) },
    ],
  },
};

const gates = createLatestGates();

function gatedCalls() {
  return [
    http.post(backOfficeUrls.event, async () => {
      const reply = await gates.hold('fireEvent');
      return reply.ok ? HttpResponse.json({ ...OK_STATUS, request: reply.output as SuapRequest }) : failureAnswer(reply.error);
    }),
    http.get(backOfficeUrls.colleagues, async () => {
      const reply = await gates.hold('loadColleagues');
      return reply.ok ? HttpResponse.json({ ...OK_STATUS, list: reply.output }) : failureAnswer(reply.error);
    }),
  ];
}

const dialog = () => screen.getByRole('dialog');
const noteField = () => within(dialog()).queryByRole('textbox') as HTMLTextAreaElement | null;
const assigneeField = () => within(dialog()).queryByRole('combobox') as HTMLSelectElement | null;
const button = (name: string) => within(dialog()).queryByRole('button', { name }) as HTMLButtonElement | null;

await describeScreenRun<typeof praticaActionMachine>({
  title: 'praticaAction model on the back-office request details page',
  model: screenModel,
  gates,
  setUp() {
    useListsMockApi();
    server.use(...gatedCalls());
    storeSession('anna');
  },
  warmUp: { url: URL, ready: () => screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 60_000 }) },
  url(path) {
    // Only a clerk of the office takes a pratica in charge; an administrator does the rest.
    storeSession(path.input.type === 'TAKE_IN_CHARGE' ? 'chiara' : 'anna');
    return URL;
  },
  async ready(app, path) {
    await screen.findByRole('heading', { level: 1, name: TITLE }, SLOW);
    const actions = await screen.findByRole('group', { name: text['bo.pratica.actions'] });
    await app.user.click(within(actions).getByRole('button', { name: label(path.input.type) }));
    await screen.findByRole('dialog', { name: `${label(path.input.type)}: richiesta n. ${SENT.requestId}` });
  },
  async send(event, { app, snapshot, ui }) {
    switch (event.type) {
      case 'SET_NOTE':
        return ui(async () => {
          await app.user.clear(noteField()!);
          await app.user.paste(event.note as string);
        });
      case 'SET_ASSIGNEE':
        return ui(() => app.user.selectOptions(assigneeField()!, event.assigneeId as string));
      case 'SET_OUTCOME':
        return ui(() => app.user.click(within(dialog()).getByRole('radio', { name: text[`bo.pratica.outcome.${event.outcome as 'positive' | 'negative'}`] })));
      case 'SUBMIT':
        return ui(() => app.user.click(button(label(snapshot().context.type))!));
      case 'CANCEL':
        return ui(() => app.user.click(button(text['bo.pratica.cancel'])!));
      case 'RETRY':
        return ui(() => app.user.click(button(text['bo.pratica.colleagues.retry'])!));
      default:
        throw new Error(`the dialog has no control for ${event.type}`);
    }
  },
  async check(step, { count }) {
    const state = step.state as Snapshot;
    const { values, errors, type } = state.context;
    if (state.matches('done')) {
      // The dialog closes, the page announces the action and shows the moved pratica.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const said = text[`bo.pratica.done.${type}`].replace('{id}', String(SENT.requestId));
      expect((await screen.findByText(said)).getAttribute('role')).toBe('status');
      count('actionsAnnounced');
      return;
    }
    if (state.matches('refused')) {
      // The dialog closes and an alert says why: the lifecycle's reason, a stale copy, the role.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const alert = await screen.findByRole('alertdialog', { name: text['bo.pratica.refused.title'] });
      const status = (step.event as unknown as { error: { status: number; errorKey: string } }).error;
      const reason =
        status.status === 403
          ? text['bo.pratica.refused.forbidden']
          : status.errorKey === 'stale-version'
            ? text['bo.pratica.refused.stale']
            : text['bo.pratica.reason.integration-once'];
      expect(alert.textContent).toContain(reason);
      count('refusalsExplained');
      return;
    }
    if (state.matches('cancelled')) {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      return;
    }
    const form = eventForm(type);
    if (state.matches('loadingColleagues')) expect(await within(dialog()).findByText(text['bo.pratica.colleagues.loading'])).toBeTruthy();
    if (state.matches('colleaguesFailed')) expect(within(dialog()).getByRole('alert').textContent).toContain(text['bo.pratica.colleagues.failed']);
    // The dialog shows the machine's values and errors.
    if (form.note) {
      await waitFor(() => expect(noteField()!.value).toBe(values.note));
      expect(noteField()!.getAttribute('aria-invalid') === 'true').toBe(Boolean(errors.note));
    }
    if (form.assignee && !state.matches('loadingColleagues') && !state.matches('colleaguesFailed')) {
      await waitFor(() => expect(assigneeField()!.value).toBe(values.assigneeId));
      expect(Array.from(assigneeField()!.options).map((option) => option.value)).toEqual(['', ...colleagues.map((c) => String(c.userId))]);
      if (errors.assigneeId) expect(within(dialog()).getByText(text[errors.assigneeId as keyof typeof text])).toBeTruthy();
    }
    if (form.outcome) {
      for (const outcome of ['positive', 'negative'] as const) {
        expect((within(dialog()).getByRole('radio', { name: text[`bo.pratica.outcome.${outcome}`] }) as HTMLInputElement).checked).toBe(
          values.outcome === outcome,
        );
      }
      if (errors.outcome) expect(within(dialog()).getByText(text[errors.outcome as keyof typeof text])).toBeTruthy();
    }
    // A refusal of the server is told on the form's field by its errorKey's text, not the server's English.
    if (step.event.type === 'xstate.error.actor.fireEvent' && state.matches('fieldErrors')) {
      expect(await within(dialog()).findByText(text['api-errors.bad-request'])).toBeTruthy();
      count('refusalsOnTheField');
    }
    if (state.matches('failed')) expect(within(dialog()).getByRole('alert').textContent).toBe(text['bo.pratica.error.description']);
    // While it is sent the button is pending (aria-disabled, still focusable), so the keyboard keeps its place.
    const unavailable = (submit: HTMLButtonElement | null) => Boolean(submit?.disabled || submit?.getAttribute('aria-disabled') === 'true');
    await waitFor(() => expect(unavailable(button(label(type)))).toBe(!['editing', 'fieldErrors', 'failed'].includes(state.value as string)));
    if (state.matches('failed') && step.event.type === 'xstate.error.actor.fireEvent') expect(document.activeElement).toBe(button(label(type)));
  },
  offered({ snapshot }) {
    const open = screen.queryByRole('dialog');
    if (!open) return [];
    const type = snapshot().context.type;
    const buttons: Record<string, { type: string }> = {
      [label(type)]: { type: 'SUBMIT' },
      [text['bo.pratica.cancel']]: { type: 'CANCEL' },
      [text['bo.pratica.colleagues.retry']]: { type: 'RETRY' },
    };
    return [
      ...within(open)
        .queryAllByRole('textbox')
        .filter(isOperable)
        .map(() => ({ control: 'note field', event: { type: 'SET_NOTE', note: 'Tutto in regola.' } })),
      ...within(open)
        .queryAllByRole('combobox')
        .filter(isOperable)
        .map(() => ({ control: 'colleague select', event: { type: 'SET_ASSIGNEE', assigneeId: '6' } })),
      ...within(open)
        .queryAllByRole('radio')
        .filter(isOperable)
        .map((radio) => ({
          control: `radio ${(radio as HTMLInputElement).value}`,
          event: { type: 'SET_OUTCOME', outcome: (radio as HTMLInputElement).value },
        })),
      ...within(open)
        .queryAllByRole('button')
        .filter((candidate) => isOperable(candidate) && buttons[candidate.textContent ?? ''])
        .map((candidate) => ({ control: `button "${candidate.textContent}"`, event: buttons[candidate.textContent ?? '']! })),
    ];
  },
  finally(tally) {
    expect(tally.actionsAnnounced, 'an action was announced').toBeGreaterThan(0);
    expect(tally.refusalsExplained, "a server's refusal was explained in an alert").toBeGreaterThan(0);
    expect(tally.refusalsOnTheField, "a server's refusal was shown on the field").toBeGreaterThan(0);
  },
});
