// The service page's two downloads, with their format and size from files.json.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '#shared/file-size.ts';
import { server } from '../msw-server.ts';
import { renderApp } from '../render.tsx';

const documents = (name = 'Documenti') => screen.getByRole('region', { name });

describe('service page downloads', () => {
  it('shows both PDFs with their sizes, linking to the files in the page language', async () => {
    renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1, name: 'Servizio startup' });
    const decree = await within(documents()).findByRole(
      'link',
      { name: 'Decreto 160: DPR 7 settembre 2010, n. 160 (regolamento SUAP) (PDF, 51 KB)' },
      { timeout: 5000 },
    );
    expect(decree.getAttribute('href')).toBe('/downloads/dpr-160-2010.pdf?lang=it');
    expect(decree.hasAttribute('download')).toBe(true);
    const list = within(documents()).getByRole('link', { name: 'Elenco delle iniziative e dei requisiti (PDF, 560 KB)' });
    expect(list.getAttribute('href')).toBe('/downloads/iniziative-requisiti.pdf?lang=it');
  });

  it('formats the sizes in English and links the English files', async () => {
    renderApp('/startup-service?lang=en');
    await screen.findByRole('heading', { level: 1, name: 'Startup service' });
    const decree = await within(documents('Documents')).findByRole('link', { name: /^Decree 160: .*\(PDF, 51 KB\)$/ }, { timeout: 5000 });
    expect(decree.getAttribute('href')).toBe('/downloads/dpr-160-2010.pdf?lang=en');
  });

  it('still offers the files, saying only "PDF", when the sizes cannot be read', async () => {
    server.use(http.get('/downloads/files.json', () => HttpResponse.json({}, { status: 500 })));
    renderApp('/startup-service');
    await screen.findByRole('heading', { level: 1, name: 'Servizio startup' });
    expect(within(documents()).getByRole('link', { name: 'Elenco delle iniziative e dei requisiti (PDF)' })).toBeTruthy();
  });

  it('formats sizes as spec §9 says: base 1024, up to 2 decimals, units from Bytes', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512, 'en')).toBe('512 Bytes');
    expect(formatFileSize(16_640, 'it')).toBe('16,25 KB');
    expect(formatFileSize(16_640, 'en')).toBe('16.25 KB');
    expect(formatFileSize(5 * 1024 ** 2, 'en')).toBe('5 MB');
  });
});
