// A step reached by a link or by "continue" is drawn at the top of the page at once: Bootstrap
// Italia's smooth scrolling would otherwise draw it at the previous step's offset and move it
// (a layout shift, docs/performance.md). Back and forward keep the position the shell restores.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { barRistorante, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { expectStep, headings, openDraftAt } from './harness.tsx';

const complete = { ...marioDraft, iniziative: barRistorante, personalData: { ...marioPersonalData, telephone: '+39 06 1234567' } };

/** The instant jumps to the top asked of the window since the mock was last cleared. */
const instantJumpsToTop = () =>
  vi.mocked(window.scrollTo).mock.calls.filter((args: unknown[]) => {
    const options = args[0] as ScrollToOptions | undefined;
    return typeof options === 'object' && options.top === 0 && options.behavior === 'instant';
  });

describe('a step opens at the top of the page', () => {
  it('jumps there at once when reached by a link or by "continue", not when going back', async () => {
    const app = openDraftAt('request-summary', complete);
    await expectStep(app.router, 'request-summary', headings.summary);
    vi.mocked(window.scrollTo).mockClear();
    const contacts = screen.getByRole('region', { name: 'Recapiti per le comunicazioni' });
    await app.user.click(within(contacts).getByRole('link', { name: /^Modifica\s*Recapiti per le comunicazioni$/ }));
    await expectStep(app.router, 'notification-contacts', headings.contacts);
    expect(instantJumpsToTop().length).toBeGreaterThan(0);

    vi.mocked(window.scrollTo).mockClear();
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'request-summary', headings.summary);
    expect(instantJumpsToTop().length).toBeGreaterThan(0);

    vi.mocked(window.scrollTo).mockClear();
    await app.router.navigate(-1);
    await expectStep(app.router, 'notification-contacts', headings.contacts);
    expect(instantJumpsToTop()).toHaveLength(0);
  });
});
