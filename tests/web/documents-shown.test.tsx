// A request's documents on both details pages (docs/architecture.md "Where documents are shown"):
// a table with a header per column, each document's requirement, file (a plain link to its bytes),
// size, abbreviated SHA-256 (whole for a screen reader) and its signature in words; on the desk each
// document's full report: every signer with fiscal code, whether they are the applicant, signing
// time on the office's clock, intact or not, and the honest certificate line. Both languages.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DETAILS_ATTACHMENTS, detailsAttachmentHandlers, detailsAttachmentUrls } from '#mocks/handlers/details-attachments.ts';
import { requirementListHandler } from '#mocks/handlers/requirements.ts';
import { API_BASE, apiPath } from '#shared/api/paths.ts';
import { formatDateTime } from '#shared/dates.ts';
import { fileSaver } from '#web/lists/pdf.ts';
import { rememberChosenRequest } from '#web/screens/back-office/selection.ts';
import { server } from './msw-server.ts';
import { renderApp } from './render.tsx';
import { storeSession } from './session.ts';
import { SLOW, useListsMockApi } from './private-area/support.ts';

const [signed, unsigned, broken] = DETAILS_ATTACHMENTS[104]!;

beforeEach(() => {
  useListsMockApi();
  server.use(...detailsAttachmentHandlers(), requirementListHandler());
});

async function openOwn(requestId: number, language: 'it' | 'en' = 'it') {
  storeSession('mario');
  renderApp(`/private-area/request-details?requestId=${requestId}${language === 'en' ? '&lang=en' : ''}`);
  await screen.findByRole('heading', { level: 1, name: language === 'en' ? `Request no. ${requestId}` : `Richiesta n. ${requestId}` }, SLOW);
}

async function openDesk(requestId: number, language: 'it' | 'en' = 'it') {
  storeSession('anna');
  rememberChosenRequest(requestId);
  renderApp(`/back-office/requests/details${language === 'en' ? '?lang=en' : ''}`);
  await screen.findByRole('heading', { level: 1, name: language === 'en' ? `Request no. ${requestId}` : `Richiesta n. ${requestId}` }, SLOW);
}

/**
 * Presses the document's download button in `region` and answers its bytes at `path`: what the
 * call asked for (its If-Match) and the name the file was saved under.
 */
async function downloadThrough(region: HTMLElement, fileName: string, path: string) {
  let ifMatch: string | null = null;
  server.use(
    http.get(`${API_BASE}${path}`, ({ request }) => {
      ifMatch = request.headers.get('if-match');
      return new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/octet-stream' } });
    }),
  );
  const saved = new Promise<string>((resolve) => vi.spyOn(fileSaver, 'save').mockImplementation((_blob, name) => resolve(name)));
  await userEvent.click(
    within(region).getByRole('button', { name: `${region.ownerDocument.documentElement.lang === 'en' ? 'Download' : 'Scarica'} ${fileName}` }),
  );
  return { saved: await saved, ifMatch };
}

/** A row's cells (its header cell and data cells) as read. */
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

/** The documents' table, once its rows arrived: each row as its cells' texts. */
async function documentRows(regionName: string) {
  const region = await screen.findByRole('region', { name: regionName });
  const table = await within(region).findByRole('table', { name: regionName === 'Documents' ? 'The request’s documents' : 'Documenti della richiesta' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
  return { region, table, headers, rows };
}

describe('documents on the citizen’s details page', () => {
  it('lists each document with its requirement, size, hash and signature in words, and downloads its bytes with the session', async () => {
    await openOwn(104);
    const { region, headers, rows } = await documentRows('Documenti');
    expect(headers).toEqual(['Documento', 'File', 'Dimensione', 'Impronta SHA-256', 'Firma']);
    // The hash's ends for the eye, the whole for a screen reader (the cell's text holds both).
    expect(rows).toEqual([
      [
        'Modulo SCIA / istanza',
        'modulo-scia.pdf.p7m',
        '51,2 KB',
        `3a7bd3e2…42dd4f1b${signed!.hash}`,
        'Firmato CAdES da Mario Rossi (richiedente), firma integra; certificato non verificato sulla lista di fiducia UE',
      ],
      ['Planimetria dei locali', 'planimetria.pdf', '2 MB', `b94d27b9…e2efcde9${unsigned!.hash}`, 'Non firmato'],
      [
        'Modulo SCIA / istanza',
        'modulo-alterato.pdf.p7m',
        '1000 Bytes',
        `c3ab8ff1…aef0c4f2${broken!.hash}`,
        'Firmato CAdES da Mario Rossi (richiedente), firma NON integra; certificato non verificato sulla lista di fiducia UE',
      ],
    ]);
    // The file's name downloads it with the session, asking for the bytes of its hash (If-Match).
    const asked = await downloadThrough(region, 'planimetria.pdf', apiPath('attachment', { id: 104, attachmentId: unsigned!.attachmentId }));
    expect(asked).toEqual({ ifMatch: `"${unsigned!.hash}"`, saved: 'planimetria.pdf' });
    // The citizen reads no signer report (that is the desk's).
    expect(within(region).queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('reads the same in English', async () => {
    await openOwn(104, 'en');
    const { headers, rows } = await documentRows('Documents');
    expect(headers).toEqual(['Document', 'File', 'Size', 'SHA-256 hash', 'Signature']);
    expect(rows[0]![0]).toBe('SCIA form / application');
    expect(rows[0]![2]).toBe('51.2 KB');
    expect(rows[0]![4]).toBe('Signed (CAdES) by Mario Rossi (applicant), signature intact; certificate not checked against the EU trusted list');
    expect(rows[1]![4]).toBe('Not signed');
    expect(rows[2]![4]).toBe('Signed (CAdES) by Mario Rossi (applicant), signature NOT intact; certificate not checked against the EU trusted list');
  });

  it('says when a request has no document', async () => {
    await openOwn(103);
    const region = await screen.findByRole('region', { name: 'Documenti' });
    expect(await within(region).findByText('Nessun documento allegato.')).toBeTruthy();
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('says when the list could not be read, the request still shown', async () => {
    server.use(http.get(detailsAttachmentUrls.own, () => HttpResponse.json({ code: 500, message: 'Internal Server Error' }, { status: 500 })));
    await openOwn(104);
    const failed = await screen.findByRole('region', { name: 'Documenti' });
    expect(await within(failed).findByText('Non è stato possibile leggere l’elenco dei documenti: ricarica la pagina per riprovare.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Dati della richiesta' })).toBeTruthy();
  });
});

describe('documents on the desk’s details page', () => {
  it('gives each document’s full report: signers, applicant or not, signing time in Europe/Rome, integrity, certificate', async () => {
    await openDesk(104);
    const { region, rows } = await documentRows('Documenti');
    expect(rows.map((row) => row[0])).toEqual(['Modulo SCIA / istanza', 'Planimetria dei locali', 'Modulo SCIA / istanza']);
    const asked = await downloadThrough(region, 'modulo-scia.pdf.p7m', apiPath('boAttachment', { id: 104, attachmentId: signed!.attachmentId }));
    expect(asked).toEqual({ ifMatch: `"${signed!.hash}"`, saved: 'modulo-scia.pdf.p7m' });

    const report = screen.getByRole('region', { name: 'Verifica di modulo-scia.pdf.p7m' });
    // The whole hash, copyable.
    expect(within(report).getByText(signed!.hash, { selector: 'code' })).toBeTruthy();
    expect(within(report).getByText('Certificato').nextElementSibling?.textContent).toBe('certificato non verificato sulla lista di fiducia UE');
    const signers = within(report).getByRole('table', { name: 'Firmatari di modulo-scia.pdf.p7m' });
    expect(
      within(signers)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nome', 'Codice fiscale', 'È il richiedente', 'Firmato il', 'Integrità']);
    const [, mario] = within(signers).getAllByRole('row');
    // 08:30 UTC on 10 January is 09:30 in Rome.
    expect(formatDateTime(signed!.signature!.signers[0]!.signingTime)).toBe('10/01/2025 09:30');
    expect(cellsOf(mario!)).toEqual(['Mario Rossi', 'RSSMRA80A01H501U', 'sì', '10/01/2025 09:30', 'firma integra']);

    const brokenReport = screen.getByRole('region', { name: 'Verifica di modulo-alterato.pdf.p7m' });
    const [, brokenSigner] = within(within(brokenReport).getByRole('table')).getAllByRole('row');
    expect(within(brokenSigner!).getAllByRole('cell').at(-1)?.textContent).toBe('firma NON integra');

    const planReport = screen.getByRole('region', { name: 'Verifica di planimetria.pdf' });
    expect(within(planReport).getByText('Firma').nextElementSibling?.textContent).toBe('Non firmato');
    expect(within(planReport).queryByRole('table')).toBeNull();
  });

  it('reads the report in English', async () => {
    await openDesk(104, 'en');
    const report = await screen.findByRole('region', { name: 'Check of modulo-scia.pdf.p7m' });
    expect(within(report).getByText('Certificate').nextElementSibling?.textContent).toBe('certificate not checked against the EU trusted list');
    const [, mario] = within(within(report).getByRole('table', { name: 'Signers of modulo-scia.pdf.p7m' })).getAllByRole('row');
    expect(cellsOf(mario!)).toEqual(['Mario Rossi', 'RSSMRA80A01H501U', 'yes', '10/01/2025 09:30', 'signature intact']);
  });
});
