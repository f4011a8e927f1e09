// The modals machine's model paths (tests/machines/models/modals.model.ts, the very paths the pure
// machine suite runs) replayed against the rendered app: every CLOSE and ACTION is a key press or
// a click on the modal host when the screen offers that control; time passes on the machines'
// SimulatedClock. After each step the running machine must equal the model and the screen must
// show exactly the head of the queue, its buttons only once the content is ready, and focus must
// be back on the opener after the focus poll.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import { selectCurrentModal, type modalsMachine, type ModalsEvent } from '#machines/modals.ts';
import { messages } from '../messages.ts';
import { isMessageKey } from '#web/i18n/use-translate-key.ts';
import { modalsModel } from '../../machines/models/modals.model.ts';
import { generatePaths, type ModelStep } from '../../machines/support/paths.ts';
import { replayPath, type PathDriver } from '../../machines/support/replay.ts';
import { serializeModelState } from '../../machines/support/model.ts';
import { renderWithProbe } from './probe.tsx';

type Snapshot = SnapshotFrom<typeof modalsMachine>;
const paths = generatePaths(modalsModel);
const tally = { paths: 0, steps: 0, byUi: 0, opened: 0, noControl: 0 };

const title = (key: string) => (isMessageKey(key) ? messages.it[key] : key);
const BUTTONS: Record<string, RegExp> = { login: /^Accedi di nuovo/, confirm: /^Esci$/, cancel: /^Annulla$/ };

function createDriver(app: ReturnType<typeof renderWithProbe>, clock: SimulatedClock): PathDriver<typeof modalsMachine> {
  let before: Snapshot | null = null;
  const dialog = () => screen.getByRole('alertdialog');
  const direct = (event: ModalsEvent) => act(() => app.refs().modals.send(event));
  // The model tries every close reason and action on every modal; where the screen has no such
  // control (e.g. no login button on a warning, no buttons before the content is ready), the
  // event is sent as is, so the machine still walks the path, and it is counted.
  const press = async (control: HTMLElement | null | undefined, fallback: ModalsEvent) => {
    if (!control) {
      tally.noControl += 1;
      return direct(fallback);
    }
    tally.byUi += 1;
    await app.user.click(control);
  };
  return {
    async send(anyEvent) {
      const event = anyEvent as unknown as ModalsEvent;
      if (event.type === 'OPEN') {
        // A screen or a machine opens modals; the opener has focus when that happens.
        const openerId = event.modal.openerId;
        if (openerId) act(() => document.getElementById(openerId)?.focus());
        tally.opened += 1;
        return direct(event);
      }
      if (event.type === 'CLOSE') {
        const { reason } = event;
        if (reason === 'escape') {
          tally.byUi += 1;
          return app.user.keyboard('{Escape}');
        }
        if (reason === 'overlay') return press(dialog().closest<HTMLElement>('.app-modal'), event);
        if (reason === 'closeButton') return press(within(dialog()).getByRole('button', { name: 'Chiudi la finestra' }), event);
        return press(within(dialog()).queryByRole('button', { name: 'Chiudi' }), event);
      }
      return press(within(dialog()).queryByRole('button', { name: BUTTONS[event.action] ?? /^$/ }), event);
    },
    complete: () => {
      throw new Error('the modals machine invokes nothing');
    },
    fail: () => {
      throw new Error('the modals machine invokes nothing');
    },
    advance: (ms) => act(() => clock.increment(ms)),
    async check(step: ModelStep<Snapshot>) {
      const actual = () => serializeModelState(modalsModel, app.refs().modals.getSnapshot());
      await waitFor(() => expect(actual()).toBe(serializeModelState(modalsModel, step.state)));
      const head = selectCurrentModal(step.state);
      if (head) {
        const shown = await screen.findByRole('alertdialog', { name: title(head.titleKey) });
        expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
        expect(shown.querySelector('.modal-footer') !== null).toBe(step.state.matches({ showing: 'ready' }));
      } else {
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      }
      const openerId = before?.context.closing?.openerId;
      if (openerId && step.event.type.startsWith('xstate.after.modalFocusPoll') && step.state.matches('idle')) {
        await waitFor(() => expect(document.activeElement?.id).toBe(openerId));
      }
      before = step.state;
    },
  };
}

describe('modals model on the rendered modal host', () => {
  for (const [index, path] of paths.entries()) {
    it(`path ${index + 1}/${paths.length}: ${path.description}`, async () => {
      const clock = new SimulatedClock();
      const app = renderWithProbe('/help-page', clock);
      await screen.findByRole('heading', { level: 1, name: 'Supporto' });
      await replayPath(modalsModel.machine, path, createDriver(app, clock));
      tally.paths += 1;
      tally.steps += path.steps.length - 1;
      app.unmount();
    });
  }

  afterAll(() => {
    console.log(
      `modals on screen: ${tally.paths}/${paths.length} paths, ${tally.steps} steps; ` +
        `${tally.byUi} clicks or key presses, ${tally.opened} opens by the app, ${tally.noControl} events without a screen control`,
    );
  });
});
