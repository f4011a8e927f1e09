// The web client reads the server's error answers into the one failure type (src/shared/api/
// failure.ts ApiFailure): the kind (errorKey), not the English wording, is what screens localise
// and machines compare; the mocks answer with the same envelope as the server.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import en from '#locales/en.json' with { type: 'json' };
import it_ from '#locales/it.json' with { type: 'json' };
import { fail } from '#mocks/handlers/envelope.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { ERROR_KEYS } from '#shared/api/error-keys.ts';
import { isApiFailure, isForbiddenFailure, isStaleVersion } from '#shared/api/failure.ts';
import { api, getConfig } from '#web/api/client.ts';
import { requireOk, toApiFailure } from '#web/api/failure.ts';
import { updateRequest } from '#web/api/requests.ts';
import { errorMessageId } from '#web/i18n/error-messages.ts';
import { server } from './msw-server.ts';

const url = `${API_BASE}/suap/v1/request/7`;
const write = { requestId: 7 } as Parameters<typeof updateRequest>[0];

describe('server errors in the web client', () => {
  it('reads status, code, key, field and description of a refused call', async () => {
    server.use(
      http.put(url, () =>
        HttpResponse.json(
          {
            code: 400,
            message: 'Bad Request',
            description: 'personalData.fiscalCode: not a fiscal code',
            errorKey: 'bad-request',
            field: 'personalData.fiscalCode',
          },
          { status: 400 },
        ),
      ),
    );
    const error = await api.put('/suap/v1/request/7', {}).catch((e: unknown) => e);
    expect(toApiFailure(error)).toEqual({
      status: 400,
      code: 400,
      errorKey: 'bad-request',
      field: 'personalData.fiscalCode',
      message: 'personalData.fiscalCode: not a fiscal code',
    });
  });

  it('rejects every adapter call with the one failure type, and lets the draft machine tell a stale version by its key', async () => {
    server.use(http.put(url, () => fail(409, 'stale-version')));
    const stale = await updateRequest(write).catch((e: unknown) => e);
    expect(isApiFailure(stale)).toBe(true);
    expect(isStaleVersion(stale)).toBe(true);
    server.use(http.put(url, () => fail(409, 'Conflict', 'stale-version')));
    expect(isStaleVersion(await updateRequest(write).catch((e: unknown) => e))).toBe(false);
  });

  it('treats a non-200 envelope like a refused call, and no answer as status 0', async () => {
    let refused: unknown = null;
    try {
      requireOk({ status: 200, data: { code: 403, message: 'Forbidden', description: 'Forbidden', errorKey: 'forbidden' } });
    } catch (error) {
      refused = error;
    }
    expect(refused).toEqual({ status: 200, code: 403, errorKey: 'forbidden', field: null, message: 'Forbidden' });
    expect(isForbiddenFailure(refused)).toBe(true);
    server.use(http.put(url, () => HttpResponse.error()));
    expect(await updateRequest(write).catch((e: unknown) => e)).toMatchObject({ status: 0, code: null, errorKey: null, field: null });
  });

  it('carries the key of a failed configuration request (the first page, without axios)', async () => {
    server.use(http.get(`${API_BASE}${ApiPaths.config}`, () => fail(503, undefined, 'down')));
    const error = await getConfig().catch((e: unknown) => e);
    expect(isApiFailure(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, code: 503, errorKey: 'service-unavailable', message: 'down' });
  });

  it('has a localised text for every kind, in Italian and in English', () => {
    for (const key of ERROR_KEYS) {
      expect((it_ as Record<string, string>)[errorMessageId(key)], key).toBeTruthy();
      expect((en as Record<string, string>)[errorMessageId(key)], key).toBeTruthy();
    }
  });
});
