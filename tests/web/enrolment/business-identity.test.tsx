// "Who the business is" on the personal-data step (docs/architecture.md "Who the business is"): a
// sole trader or a company, the VAT number's check digit refused as it is typed, the ATECO code's
// form, the register's answer on a company's legal representative shown on the step, what a SPID
// professional identity asserts prefilled, and the business saved with the step.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barRistorante, marioActivityAddress, marioDraft, marioPersonalData } from '#mocks/fixtures/requests.ts';
import { identities, tokensFor } from '#mocks/fixtures/identities.ts';
import { writeStoredSession } from '#web/auth/storage.ts';
import { people } from '../session.ts';
import { expectStep, headings, openDraftAt } from './harness.tsx';

/** Mario's draft up to this step, with his personal data (and where the business is) already given. */
// The draft names the business's address already (its own tests: activity-place.test.tsx).
const draft = { ...marioDraft, iniziative: barRistorante, personalData: { ...marioPersonalData, activityAddress: marioActivityAddress } };
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const section = () => screen.getByRole('region', { name: "Chi è l'impresa" });

async function openStep(options: Parameters<typeof openDraftAt>[2] = {}) {
  const app = openDraftAt('personal-data', draft, options);
  await expectStep(app.router, 'personal-data', headings.personalData);
  return app;
}

async function typeCompany(app: Awaited<ReturnType<typeof openStep>>, vat: string) {
  await app.user.click(within(section()).getByRole('radio', { name: 'Società' }));
  await app.user.type(field(/^Denominazione della società/), 'Bar Rossi S.n.c.');
  await app.user.selectOptions(screen.getByRole('combobox', { name: /^Forma giuridica/ }), 'snc');
  await app.user.type(field(/^PEC della società/), 'bar.rossi@pec.example.org');
  await app.user.type(field(/^Codice ATECO 2025/), '56.30.00');
  await app.user.click(within(section()).getByRole('radio', { name: 'Legale rappresentante della società' }));
  await app.user.type(field(/^Partita IVA/), vat);
}

describe('who the business is', () => {
  it('asks a company’s name, legal form, PEC and VAT number, and refuses a VAT number whose check digit is wrong', async () => {
    const app = await openStep();
    // A sole trader is asked only the VAT number (optional), the activity code and the role.
    await app.user.click(within(section()).getByRole('radio', { name: 'Ditta individuale' }));
    expect(screen.queryByRole('textbox', { name: /^Denominazione/ })).toBeNull();
    await app.user.click(within(section()).getByRole('radio', { name: 'Società' }));
    await app.user.type(field(/^Partita IVA/), '12345678901');
    await app.user.type(field(/^Codice ATECO 2025/), '5630');
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    const summary = await screen.findByRole('group', { name: 'C’è un problema' });
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(
      expect.arrayContaining([
        'Denominazione della società: Campo obbligatorio.',
        'Forma giuridica: Campo obbligatorio.',
        'PEC della società: Campo obbligatorio.',
        expect.stringMatching(/^Partita IVA: Questa partita IVA non è valida: la cifra di controllo non corrisponde/),
        'Codice ATECO 2025: Scrivi il codice ATECO nella forma NN.NN.NN, per esempio 56.10.11.',
        'Presenti la richiesta come: Scegli in quale veste presenti la richiesta.',
      ]),
    );
    expect(field(/^Partita IVA/).getAttribute('aria-invalid')).toBe('true');
    expect(app.store.writes).toHaveLength(0);
  });

  it('shows on the step whether the register names the person as the company’s legal representative', async () => {
    const app = await openStep();
    // Giulia's company: the register does not name Mario.
    await typeCompany(app, '01234567897');
    expect(await within(section()).findByText(/non ti indica come legale rappresentante di questa società/)).toBeTruthy();
    // His own: verified.
    await app.user.clear(field(/^Partita IVA/));
    await app.user.type(field(/^Partita IVA/), '09876543217');
    expect(await within(section()).findByText(/^Verificato: il registro delle imprese ti indica/)).toBeTruthy();
    // An intermediary is not checked.
    await app.user.click(within(section()).getByRole('radio', { name: /^Intermediario/ }));
    expect(within(section()).queryByText(/^Verificato/)).toBeNull();
  });

  it('saves the business inside the personal data and its VAT number, then opens the summary showing them', async () => {
    const app = await openStep();
    await typeCompany(app, '09876543217');
    await within(section()).findByText(/^Verificato/);
    await app.user.click(screen.getByRole('button', { name: 'Avanti' }));
    await expectStep(app.router, 'request-summary', headings.summary);
    expect(app.store.writes.at(-1)!.body).toMatchObject({
      personalData: {
        business: {
          kind: 'company',
          name: 'Bar Rossi S.n.c.',
          legalForm: 'snc',
          pec: 'bar.rossi@pec.example.org',
          atecoCode: '56.30.00',
          role: 'legal-representative',
        },
      },
      partitaIva: '09876543217',
    });
    const business = screen.getByRole('region', { name: "Chi è l'impresa" });
    const rows = within(business)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      "Forma dell'impresa: Società",
      'Denominazione della società: Bar Rossi S.n.c.',
      'Forma giuridica: Società in nome collettivo (S.n.c.)',
      'PEC della società: bar.rossi@pec.example.org',
      'Partita IVA: 09876543217',
      'Codice ATECO 2025: 56.30.00',
      'Presenti la richiesta come: Legale rappresentante della società',
      "Verifica del legale rappresentante: Da verificare all'invio",
    ]);
  });

  it('says why a send is refused when the register does not name the person, and leaves the draft unsent', async () => {
    // Giulia's company on Mario's draft: the server (here its mock) asks the register again at send.
    const activityAddress = { street: 'Via del Corso', streetNumber: '12', zipCode: '00186' };
    const business = {
      kind: 'company',
      name: 'Caffè Bianchi S.r.l.',
      legalForm: 'srl',
      pec: 'caffe@pec.example.org',
      atecoCode: '56.30.00',
      role: 'legal-representative',
    } as const;
    const app = openDraftAt('request-summary', { ...draft, personalData: { ...marioPersonalData, activityAddress, business }, partitaIva: '01234567897' });
    await expectStep(app.router, 'request-summary', headings.summary);
    await app.user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    const dialog = await screen.findByRole('alertdialog');
    await within(dialog).findByText(/non ti indica come legale rappresentante di questa società: la richiesta non è stata inviata/);
    expect(app.store.requests.find((request) => request.requestId === draft.requestId)?.stateOfRequest.stateOfRequestId).toBe(1);
    expect(app.router.state.location.pathname).toBe('/startup/request-summary');
  });

  it('starts from the company a SPID professional identity asserts', async () => {
    const claims = { ...identities.mario!.claims, companyName: 'Bar Rossi S.n.c.', ivaCode: 'VATIT-09876543217' };
    writeStoredSession({ user: people.mario, auth: tokensFor('mario', claims), area: 'FO' });
    await openStep({ login: false });
    expect((within(section()).getByRole('radio', { name: 'Società' }) as HTMLInputElement).checked).toBe(true);
    expect(field(/^Denominazione della società/).value).toBe('Bar Rossi S.n.c.');
    expect(field(/^Partita IVA/).value).toBe('09876543217');
  });
});
