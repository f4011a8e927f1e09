// Test model of the spinner machine: two request ids plus an id that never started.
import { spinnerMachine } from '#machines/spinner.ts';
import type { ModelSpec } from '../support/model.ts';

export const spinnerModel: ModelSpec<typeof spinnerMachine> = {
  machine: spinnerMachine,
  inputs: [{ name: 'start', input: undefined }],
  payloads: {
    REQUEST_STARTED: [{ requestId: 'a' }, { requestId: 'b' }],
    REQUEST_ENDED: [{ requestId: 'a' }, { requestId: 'b' }, { requestId: 'never-started' }],
  },
  // Which requests are in flight matters, not the order they started in.
  project: (snapshot) => [...snapshot.context.active].sort(),
};
