// The decision machine's model (tests/machines/models/back-office.model.ts) replayed on the
// decision form of the back-office request details page (docs/machines/README.md), for an administrator and a
// sent request. Every event of the machine is a person's: choosing "Accetta" or "Rifiuta"
// (SET_OUTCOME; a radio cannot be unchosen, so the screen's payload is the outcome not chosen yet),
// writing the reason (SET_REASON: the field cleared and the text pasted, several lines), "Registra
// l'esito" (SUBMIT), "Sì, rifiuta / Sì, accetta" (CONFIRM) and "Torna al modulo" (CANCEL) in the
// confirmation. The decision call's answers are released through an msw gate: the decided request,
// a 409 stale-version, a 400 refusal with its errorKey (shown on the reason field in the clerk's
// language) and no answer at all. The last test asserts 100% of the machine's states and
// transitions went by on screen, every event by its control, and no refused event; after every step
// each operable control of the form (radios, reason, buttons) sends an event the state accepts.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { decisionMachine } from '#machines/back-office/decision.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { configFixture } from '#mocks/fixtures/config.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import type { SuapRequest } from '#shared/api/requests.ts';
import { RequestState } from '#shared/constants.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { decisionModel, refusal } from '../../machines/models/back-office.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, isOperable } from './screen-run.ts';
import { failureAnswer } from './write-answers.ts';

vi.mock('@xstate/react', async (original) => (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>()));

type Snapshot = SnapshotFrom<typeof decisionMachine>;

const text = messages.it;
const SENT = mockStore.requests.find((request) => request.requestId === 102)!;
const URL = `/back-office/requests/${SENT.requestId}`;
const TITLE = `Richiesta n. ${SENT.requestId}`;

/** The request as the server returns it decided (the outcome the form sent). */
function decidedCopy(outcome: string): SuapRequest {
  const state = outcome === 'accept' ? RequestState.ACCEPTED : RequestState.REJECTED;
  return {
    ...SENT,
    version: SENT.version + 1,
    stateOfRequest: configFixture.stateOfRequestAnagList.find((candidate) => candidate.stateOfRequestId === state)!,
  };
}

const decisionScreenModel: ModelSpec<typeof decisionMachine> = {
  ...decisionModel,
  inputs: [{ name: 'sent request', input: { requestId: SENT.requestId, version: SENT.version } }],
  payloads: {
    ...decisionModel.payloads,
    // A radio button can be chosen, not unchosen: the screen sends the outcome not chosen yet.
    SET_OUTCOME: ({ context }: Snapshot) => [{ outcome: context.values.outcome === 'reject' ? 'accept' : 'reject' }],
    'xstate.done.actor.decide': ({ context }: Snapshot) => [{ output: decidedCopy(context.values.outcome) }],
    // What the server answers: a stale version, a refusal naming its kind, no answer.
    'xstate.error.actor.decide': [{ error: refusal(409, 'stale-version') }, { error: refusal(400, 'bad-request') }, { error: refusal(0) }],
  },
};

const gates = createLatestGates();

function gatedDecision() {
  return http.put(backOfficeUrls.decision, async () => {
    const reply = await gates.hold('decide');
    return reply.ok ? HttpResponse.json({ ...OK_STATUS, request: reply.output as SuapRequest }) : failureAnswer(reply.error);
  });
}

const form = () => screen.getByRole('region', { name: text['bo.decision.title'] });
const reasonField = () => within(form()).getByRole('textbox', { name: /^Motivazione/ }) as HTMLTextAreaElement;
const submitButton = () => within(form()).queryByRole('button', { name: text['bo.decision.submit'] }) as HTMLButtonElement | null;
const confirmation = (outcome: string) =>
  within(form()).findByRole('group', {
    name: (outcome === 'accept' ? text['bo.decision.confirm-accept'] : text['bo.decision.confirm-reject']).replace('{id}', String(SENT.requestId)),
  });

await describeScreenRun<typeof decisionMachine>({
  title: 'decision model on the back-office request details page',
  model: decisionScreenModel,
  gates,
  setUp() {
    useListsMockApi();
    server.use(gatedDecision());
    storeSession('anna');
  },
  warmUp: { url: URL, ready: () => screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 60_000 }) },
  url: () => URL,
  ready: async () => {
    await screen.findByRole('heading', { level: 1, name: TITLE }, SLOW);
    await screen.findByRole('region', { name: text['bo.decision.title'] });
  },
  async send(event, { app, snapshot, ui }) {
    switch (event.type) {
      case 'SET_OUTCOME':
        return ui(() =>
          app.user.click(within(form()).getByRole('radio', { name: event.outcome === 'accept' ? text['bo.decision.accept'] : text['bo.decision.reject'] })),
        );
      case 'SET_REASON':
        return ui(async () => {
          await app.user.clear(reasonField());
          await app.user.paste(event.reason as string);
        });
      case 'SUBMIT':
        return ui(() => app.user.click(submitButton()!));
      case 'CONFIRM':
      case 'CANCEL': {
        const group = await confirmation(snapshot().context.values.outcome);
        const name =
          event.type === 'CANCEL'
            ? text['bo.decision.confirm-no']
            : snapshot().context.values.outcome === 'accept'
              ? text['bo.decision.confirm-yes-accept']
              : text['bo.decision.confirm-yes-reject'];
        return ui(() => app.user.click(within(group).getByRole('button', { name })));
      }
      default:
        throw new Error(`the decision form has no control for ${event.type}`);
    }
  },
  async check(step, { count }) {
    const state = step.state as Snapshot;
    const { values, errors } = state.context;
    if (state.matches('done')) {
      // The page announces the decision and shows the decided request, without the form.
      const said = (values.outcome === 'accept' ? text['bo.decision.accepted'] : text['bo.decision.rejected']).replace('{id}', String(SENT.requestId));
      expect((await screen.findByText(said)).getAttribute('role')).toBe('status');
      await waitFor(() => expect(screen.queryByRole('region', { name: text['bo.decision.title'] })).toBeNull());
      count('decisionsAnnounced');
      return;
    }
    // The form shows the machine's values and errors.
    await waitFor(() => expect(reasonField().value).toBe(values.reason));
    for (const outcome of ['accept', 'reject'] as const) {
      expect((within(form()).getByRole('radio', { name: text[`bo.decision.${outcome}`] }) as HTMLInputElement).checked).toBe(values.outcome === outcome);
    }
    expect(reasonField().getAttribute('aria-invalid') === 'true').toBe(Boolean(errors.reason));
    if (errors.outcome) expect(within(form()).getByText(text['bo.decision.errors.outcome'])).toBeTruthy();
    // A refusal of the server is told on the reason field by its errorKey's text, not the server's English.
    if (step.event.type === 'xstate.error.actor.decide' && state.matches('fieldErrors')) {
      expect(await within(form()).findByText(text['api-errors.bad-request'])).toBeTruthy();
      count('refusalsOnTheField');
    }
    if (state.matches('confirming')) {
      expect(await confirmation(values.outcome)).toBeTruthy();
      expect(submitButton()).toBeNull();
    } else {
      await waitFor(() => expect(submitButton()?.disabled).toBe(state.matches('submitting') || state.matches('stale')));
    }
    if (state.matches('stale')) {
      expect(within(form()).getByText(text['bo.details.stale'])).toBeTruthy();
      expect(within(form()).getByRole('button', { name: text['bo.details.reload'] })).toBeTruthy();
    }
    if (state.matches('failed')) expect(within(form()).getByRole('alert').textContent).toBe(text['bo.details.failed']);
  },
  offered() {
    const region = screen.queryByRole('region', { name: text['bo.decision.title'] });
    if (!region) return [];
    const buttons: Record<string, { type: string }> = {
      [text['bo.decision.submit']]: { type: 'SUBMIT' },
      [text['bo.decision.confirm-yes-accept']]: { type: 'CONFIRM' },
      [text['bo.decision.confirm-yes-reject']]: { type: 'CONFIRM' },
      [text['bo.decision.confirm-no']]: { type: 'CANCEL' },
    };
    return [
      ...within(region)
        .queryAllByRole('radio')
        .filter(isOperable)
        .map((radio) => ({
          control: `radio ${(radio as HTMLInputElement).value}`,
          event: { type: 'SET_OUTCOME', outcome: (radio as HTMLInputElement).value },
        })),
      ...within(region)
        .queryAllByRole('textbox', { name: /^Motivazione/ })
        .filter(isOperable)
        .map(() => ({ control: 'reason field', event: { type: 'SET_REASON', reason: 'Tutto in regola.' } })),
      ...within(region)
        .queryAllByRole('button')
        .filter((button) => isOperable(button) && buttons[button.textContent ?? ''])
        .map((button) => ({ control: `button "${button.textContent}"`, event: buttons[button.textContent ?? '']! })),
    ];
  },
  finally(tally) {
    expect(tally.decisionsAnnounced, 'a decision was announced').toBeGreaterThan(0);
    expect(tally.refusalsOnTheField, "a server's refusal was shown on the reason field").toBeGreaterThan(0);
  },
});
