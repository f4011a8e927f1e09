// "Bozza salvata" says when: the time the server gives the save (its updatedOn), on the office's
// clock (Europe/Rome) whatever the browser's zone. The mocked server stamps a save with the clock
// (Date only is faked: the screens' own timers run as usual).
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectStep, headings, renderEnrolment, startNewDraft } from './harness.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('"save draft" says when the draft was saved', () => {
  it('with the save’s time in Europe/Rome (summer time: 22:30 UTC is 00:30)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-07-01T22:30:00.000Z') });
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
    const status = await screen.findByText('Bozza salvata alle 00:30');
    expect(status.getAttribute('role')).toBe('status');
  });

  it('in winter time too (10:05 UTC is 11:05), and the notice goes with the next change', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-01-15T10:05:00.000Z') });
    const app = renderEnrolment('/startup');
    await startNewDraft(app);
    await app.user.click(screen.getByRole('button', { name: 'Salva bozza' }));
    await screen.findByText('Bozza salvata alle 11:05');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'select-initiative', headings.selectInitiative);
    expect(screen.queryByText(/^Bozza salvata/)).toBeNull();
  });
});
