import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configFixture } from '#mocks/fixtures/config.ts';
import { configFailureHandler, configHandler } from '#mocks/handlers/config.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { api, getConfig, serializeParams } from '#web/api/client.ts';
import { server } from './msw-server.ts';

describe('serializeParams', () => {
  it('drops empty, undefined and null values and keeps zero and false', () => {
    expect(serializeParams({ page: 1, size: 5, filter: '', sortField: undefined, typeId: null, flag: false, n: 0 })).toBe('page=1&size=5&flag=false&n=0');
  });

  it('repeats the key for arrays and encodes values', () => {
    expect(serializeParams({ id: [1, '', 2], q: 'caffè & bar' })).toBe('id=1&id=2&q=caff%C3%A8+%26+bar');
  });
});

describe('api client', () => {
  it('sends no-cache headers and only non-empty query parameters', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(`${API_BASE}${ApiPaths.suapList}`, ({ request }) => {
        seen = request;
        return HttpResponse.json({});
      }),
    );
    await api.get(ApiPaths.suapList, { params: { page: 1, filter: '', municipalityId: undefined } });
    expect(seen).toBeDefined();
    expect(seen!.headers.get('cache-control')).toBe('no-cache');
    expect(seen!.headers.get('pragma')).toBe('no-cache');
    expect(new URL(seen!.url).search).toBe('?page=1');
  });

  it('getConfig returns the configuration', async () => {
    server.use(configHandler());
    await expect(getConfig()).resolves.toEqual(configFixture);
  });

  it('getConfig rejects on an HTTP failure and on an envelope that is not a success', async () => {
    server.use(configFailureHandler());
    await expect(getConfig()).rejects.toThrow();
    server.use(configHandler({ ...configFixture, code: 999 }));
    await expect(getConfig()).rejects.toMatchObject({ code: 999 });
  });
});
