// Reading the portal's API and its PDFs the way the signed-in page would: with the session's token.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { API_BASE } from '#shared/api/paths.ts';
import { accessToken } from './identity.ts';

/** An API answer read with the signed-in person's token (the path below /api, e.g. from apiPath). */
export async function apiGet(page: Page, base: string, url: string) {
  const response = await page.request.get(`${base}${API_BASE}${url}`, { headers: { authorization: `Bearer ${await accessToken(page)}` } });
  expect(response.status(), url).toBe(200);
  return response;
}

/** Runs a poppler tool (`pdftotext`, `pdffonts`) on the PDF the API answers at `url`. */
export async function readPdf(page: Page, base: string, url: string, tool: 'pdftotext' | 'pdffonts'): Promise<string> {
  const response = await apiGet(page, base, url);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-e2e-pdf-'));
  try {
    const file = path.join(dir, 'recap.pdf');
    await fs.writeFile(file, await response.body());
    return execFileSync(tool, tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file], { encoding: 'utf8' });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
