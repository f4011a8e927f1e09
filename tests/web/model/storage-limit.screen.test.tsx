// The storage-limit machine's model (tests/machines/models/back-office.model.ts) replayed on a
// draft's storage-limit form on the back-office request details page (docs/machines/README.md), for an
// administrator. Every event of the machine is a person's: picking a day in the date field
// (SET_DAY: cleared, then typed; a day in the range offered, the day after its end, or none) and
// "Aggiorna la scadenza" (SUBMIT). The screen's range is the one the server offers today, and the
// day stored is the draft's own. The save call's answers are released through an msw gate: the day
// stored (the day sent), a 409 (no longer a draft), a 400 refusal (shown on the field) and no answer.
// After a save (and on a stale answer) the page reloads the request; that reload is held until the
// path ends, so the steps a path takes after a save (picking another day, saving again) are taken
// while it is on its way: once it arrives with a new day the page starts a new form on that day
// (its key is the day stored), which the model cannot follow. The last test asserts 100% of the
// machine's states and transitions went by on screen, every event by its control, and no refused event;
// after every step the day field and the button are operable only where the state takes their events.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { storageLimitMachine } from '#machines/back-office/storage-limit.ts';
import { mockStore } from '#mocks/fixtures/back-office.ts';
import { backOfficeUrls } from '#mocks/handlers/back-office.ts';
import { addDays, DEFAULT_STORAGE_LIMIT_MAX_YEARS, formatCalendarDay, officeToday, storageLimitRange } from '#shared/dates.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { refusal, storageLimitModel } from '../../machines/models/back-office.model.ts';
import type { ModelSpec } from '../../machines/support/model.ts';
import { messages } from '../messages.ts';
import { server } from '../msw-server.ts';
import { SLOW, useListsMockApi } from '../private-area/support.ts';
import { storeSession } from '../session.ts';
import { createLatestGates } from './latest-gate.ts';
import { describeScreenRun, isOperable } from './screen-run.ts';
import { failureAnswer } from './write-answers.ts';

vi.mock('@xstate/react', async (original) => (await import('./inspect-actors.ts')).inspectingActors(await original<typeof import('@xstate/react')>()));

type Snapshot = SnapshotFrom<typeof storageLimitMachine>;

const text = messages.it;
const DRAFT = mockStore.requests.find((request) => request.requestId === 101)!;
const URL = `/back-office/requests/${DRAFT.requestId}`;
const TITLE = `Richiesta n. ${DRAFT.requestId}`;
/** The days the server offers today (the mock handlers' range). */
const RANGE = storageLimitRange(officeToday(), DEFAULT_STORAGE_LIMIT_MAX_YEARS);
const OTHER_DAY = addDays(RANGE.from, 100);
const TOO_FAR = addDays(RANGE.to, 1);

const storageLimitScreenModel: ModelSpec<typeof storageLimitMachine> = {
  ...storageLimitModel,
  inputs: [{ name: 'draft', input: { requestId: DRAFT.requestId, current: DRAFT.storageLimit ?? null, range: RANGE } }],
  payloads: {
    ...storageLimitModel.payloads,
    // Picking the day the field already shows changes nothing on screen, so it is not a step.
    SET_DAY: ({ context }: Snapshot) => [OTHER_DAY, TOO_FAR, ''].filter((day) => day !== context.day).map((day) => ({ day })),
    // The server stores and returns the day sent.
    'xstate.done.actor.saveStorageLimit': ({ context }: Snapshot) => [{ output: context.day }],
    'xstate.error.actor.saveStorageLimit': [{ error: refusal(409, 'conflict') }, { error: refusal(400, 'bad-request') }, { error: refusal(0) }],
  },
};

const gates = createLatestGates();
const details = { loads: 0 };

function gatedCalls() {
  details.loads = 0;
  return [
    http.put(backOfficeUrls.storageLimit, async () => {
      const reply = await gates.hold('saveStorageLimit');
      return reply.ok ? HttpResponse.json({ ...OK_STATUS, storageLimit: reply.output as string }) : failureAnswer(reply.error);
    }),
    // The first load goes to the mock API; a reload (after a save, or a stale answer) is held.
    http.get(backOfficeUrls.request, async () => {
      details.loads += 1;
      if (details.loads === 1) return undefined;
      const reply = await gates.hold('reload');
      return reply.ok ? undefined : failureAnswer(reply.error);
    }),
  ];
}

const dayField = () => screen.getByLabelText(/^Conserva la bozza fino al/) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: text['bo.storage-limit.submit'] }) as HTMLButtonElement;

await describeScreenRun<typeof storageLimitMachine>({
  title: 'storageLimit model on the back-office request details page',
  model: storageLimitScreenModel,
  gates,
  setUp() {
    useListsMockApi();
    server.use(...gatedCalls());
    storeSession('anna');
  },
  warmUp: { url: URL, ready: () => screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 60_000 }) },
  url: () => URL,
  ready: async () => {
    await screen.findByRole('heading', { level: 1, name: TITLE }, SLOW);
    await screen.findByLabelText(/^Conserva la bozza fino al/);
  },
  async send(event, { app, ui }) {
    switch (event.type) {
      case 'SET_DAY':
        return ui(async () => {
          await app.user.clear(dayField());
          if (event.day) await app.user.type(dayField(), event.day as string);
        });
      case 'SUBMIT':
        return ui(() => app.user.click(submitButton()));
      default:
        throw new Error(`the storage-limit form has no control for ${event.type}`);
    }
  },
  async check(step, { count }) {
    const state = step.state as Snapshot;
    const { day, errors } = state.context;
    await waitFor(() => expect(dayField().value).toBe(day));
    await waitFor(() => expect(submitButton().disabled).toBe(state.matches('submitting') || state.matches('stale')));
    expect(dayField().getAttribute('aria-invalid') === 'true').toBe(Boolean(errors.storageLimit));
    if (state.matches('fieldErrors') && step.event.type === 'xstate.error.actor.saveStorageLimit') {
      expect(await screen.findByText(text['bo.storage-limit.errors.refused'])).toBeTruthy();
      count('refusalsOnTheField');
    }
    if (state.matches('done')) {
      // The page announces the day stored and asks for the request again.
      const said = text['bo.storage-limit.saved'].replace('{date}', formatCalendarDay(day));
      expect((await screen.findByText(said)).getAttribute('role')).toBe('status');
      await waitFor(() => expect(details.loads).toBeGreaterThan(1));
      count('savesAnnounced');
    }
    if (state.matches('stale')) {
      // The request is no longer a draft: the page loads it again.
      await waitFor(() => expect(details.loads).toBeGreaterThan(1));
      count('staleReloads');
    }
    if (state.matches('failed')) expect((await screen.findByText(text['bo.details.failed'])).getAttribute('role')).toBe('alert');
  },
  offered() {
    const field = screen.queryByLabelText(/^Conserva la bozza fino al/);
    const submit = screen.queryByRole('button', { name: text['bo.storage-limit.submit'] });
    return [
      ...(isOperable(field) ? [{ control: 'day field', event: { type: 'SET_DAY', day: OTHER_DAY } }] : []),
      ...(isOperable(submit) ? [{ control: 'submit button', event: { type: 'SUBMIT' } }] : []),
    ];
  },
  finally(tally) {
    expect(tally.savesAnnounced, 'a save was announced').toBeGreaterThan(0);
    expect(tally.refusalsOnTheField, "a server's refusal was shown on the field").toBeGreaterThan(0);
    expect(tally.staleReloads, 'a stale answer reloaded the request').toBeGreaterThan(0);
  },
});
