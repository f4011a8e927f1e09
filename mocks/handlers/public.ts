// msw handlers of the public pages: the sizes of the service page's downloads (files.json).
// `requestListHandler(list)` lets a test answer the login box's draft check with its own requests.
import { http, HttpResponse } from 'msw';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { NO_REQUESTS_STATUS, type RequestListResponse, type SuapRequest } from '#shared/api/requests.ts';
import { DOWNLOADS_BASE, DOWNLOADS_INDEX, DOWNLOAD_IDS, downloadHref, type DownloadsIndex } from '#shared/downloads.ts';
import { OK_STATUS } from '#shared/envelope.ts';

/** Sizes the fixture reports, in bytes: 51 KB and 560 KB, as spec §2 lists them. */
export const DOWNLOAD_SIZES = { decree160: 52_224, iniziative: 573_440 } as const;

export function downloadsIndexHandler(sizes: Record<keyof typeof DOWNLOAD_SIZES, number> = DOWNLOAD_SIZES) {
  return http.get(`${DOWNLOADS_BASE}/${DOWNLOADS_INDEX}`, ({ request }) => {
    const language = new URL(request.url).searchParams.get('lang') === 'en' ? 'en' : 'it';
    const body: DownloadsIndex = {
      files: DOWNLOAD_IDS.map((id) => ({ id, href: downloadHref(id, language), bytes: sizes[id], contentType: 'application/pdf' })),
    };
    return HttpResponse.json(body);
  });
}

export const REQUEST_LIST_URL = `${API_BASE}${ApiPaths.requestList}`;

export function requestListHandler(requestList: SuapRequest[] = []) {
  const status = requestList.length > 0 ? OK_STATUS : NO_REQUESTS_STATUS;
  return http.get(REQUEST_LIST_URL, () =>
    HttpResponse.json({ ...status, totalResults: requestList.length, totalPages: Math.min(requestList.length, 1), requestList } satisfies RequestListResponse),
  );
}

/** The request list itself is answered by the private area's handlers (private-area.ts). */
export const publicHandlers = [downloadsIndexHandler()];
