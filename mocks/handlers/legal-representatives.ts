// msw handler of spec §7 check-legal-rep, like the embedded demo's register
// (src/server/services/legal-representatives.ts): the caller's own fiscal code only, OK for the demo
// companies the person represents, KO otherwise. The request mocks ask it again at send.
import { http, HttpResponse } from 'msw';
import type { CheckLegalRepResponse } from '#shared/api/auth.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import type { Status } from '#shared/envelope.ts';
import { OK_STATUS } from '#shared/envelope.ts';
import { identityOfToken } from '../fixtures/identities.ts';
import { fail } from './envelope.ts';

/** The demo companies and the fiscal codes of their legal representatives (as the server's demo seed). */
export const MOCK_COMPANIES: ReadonlyArray<{ vatNumber: string; name: string; representatives: readonly string[] }> = [
  { vatNumber: '01234567897', name: 'Caffè Bianchi S.r.l.', representatives: ['BNCGLI85M41F205B'] },
  { vatNumber: '09876543217', name: 'Bar Rossi S.n.c.', representatives: ['RSSMRA80A01H501U'] },
];

export const isMockLegalRep = (fiscalCode: string | null | undefined, cfImpresa: string) =>
  MOCK_COMPANIES.some((company) => company.vatNumber === cfImpresa && company.representatives.includes((fiscalCode ?? '').toUpperCase()));

export const legalRepUrl = `${API_BASE}${ApiPaths.checkLegalRep}`;

export const legalRepHandlers = [
  http.get<never, never, CheckLegalRepResponse | Status>(legalRepUrl, ({ request }) => {
    const caller = identityOfToken(request.headers.get('authorization'))?.user.FO ?? null;
    if (!caller) return fail(401, 'Unauthorized');
    const query = new URL(request.url).searchParams;
    if ((query.get('cfPersona') ?? '').toUpperCase() !== caller.fiscalCode) return fail(403, 'Forbidden', 'cfPersona must be the caller’s own fiscal code.');
    return HttpResponse.json<CheckLegalRepResponse>({ ...OK_STATUS, esito: isMockLegalRep(caller.fiscalCode, query.get('cfImpresa') ?? '') ? 'OK' : 'KO' });
  }),
];
