// The web client reads the server's error answers by their catalogue key (issue #16): the kind, not
// the English wording, is what screens localise and machines compare; the mocks answer with the
// same envelope as the server.
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import it_ from '../../locales/it.json' with { type: 'json' };
import { fail } from '../../mocks/handlers/envelope.ts';
import { API_BASE, ApiPaths } from '../../src/shared/api/paths.ts';
import { ERROR_KEYS } from '../../src/shared/api/error-keys.ts';
import { api, ApiResultError, getConfig } from '../../src/web/api/client.ts';
import { errorMessageId, serverErrorOf } from '../../src/web/api/errors.ts';
import { toRequestFailure } from '../../src/web/enrolment/api.ts';
import { isStaleVersionError } from '../../machines/draft/rules.ts';
import { server } from './msw-server.ts';

const url = `${API_BASE}/suap/v1/request/7`;

describe('server errors in the web client', () => {
  it('reads status, code, key and wording of a refused call', async () => {
    server.use(http.put(url, () => fail(409, 'stale-version', 'The request changed elsewhere.')));
    const error = await api.put('/suap/v1/request/7', {}).catch((e: unknown) => e);
    expect(serverErrorOf(error)).toEqual({ status: 409, code: 409, errorKey: 'stale-version', message: 'Conflict', description: 'The request changed elsewhere.' });
  });

  it('lets the draft machine recognise a stale version by its key, whatever the wording', async () => {
    server.use(http.put(url, () => fail(409, 'stale-version')));
    const failure = toRequestFailure(await api.put('/suap/v1/request/7', {}).catch((e: unknown) => e));
    expect(isStaleVersionError(failure)).toBe(true);
    server.use(http.put(url, () => fail(409, 'Conflict', 'Only a draft can be changed.')));
    expect(isStaleVersionError(toRequestFailure(await api.put('/suap/v1/request/7', {}).catch((e: unknown) => e)))).toBe(false);
  });

  it('carries the key of a failed configuration request (the first page, without axios)', async () => {
    server.use(http.get(`${API_BASE}${ApiPaths.config}`, () => fail(503, undefined, 'down')));
    const error = await getConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResultError);
    expect(error).toMatchObject({ code: 503, errorKey: 'service-unavailable' });
  });

  it('has a localised text for every kind, in Italian and in English', () => {
    for (const key of ERROR_KEYS) {
      expect((it_ as Record<string, string>)[errorMessageId(key)], key).toBeTruthy();
      expect((en as Record<string, string>)[errorMessageId(key)], key).toBeTruthy();
    }
  });
});
