// msw handler of the audit log's list call (docs/architecture.md "Audit log"): administrators only
// (403 for a collaborator, 401 without a back-office token), the person filter (fiscal code, or a
// name of at least the search bar's minimum), action, office days and paging as the server does.
import { http, HttpResponse } from 'msw';
import { AUDIT_ACTIONS, AuditListDefaults, type AuditListResponse } from '#shared/api/audit.ts';
import { deskSearchOf } from '#shared/api/back-office.ts';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { MAX_PAGE_SIZE, Role } from '#shared/constants.ts';
import { officeDayOf } from '#shared/dates.ts';
import { OK_STATUS, pageCount, type Status } from '#shared/envelope.ts';
import { foldForSearch } from '#shared/text.ts';
import { demoAuditLog } from '../fixtures/audit-log.ts';
import { identityOfToken } from '../fixtures/identities.ts';
import { fail } from './envelope.ts';

export const auditLogUrl = `${API_BASE}${ApiPaths.boAuditLog}`;

export function auditLogHandlers(entries = demoAuditLog()) {
  return [
    http.get<never, never, AuditListResponse | Status>(auditLogUrl, ({ request }) => {
      const user = identityOfToken(request.headers.get('authorization'))?.user.BO;
      if (!user) return fail(401, 'Unauthorized');
      if (user.profile.profileId !== Role.BO_ADMIN) return fail(403, 'Forbidden');
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page') ?? 1);
      const size = Number(params.get('size') ?? AuditListDefaults.size);
      const direction = (params.get('sort') ?? 'at;desc').split(';')[1] === 'asc' ? 1 : -1;
      const action = params.get('action');
      const from = params.get('from');
      const to = params.get('to');
      const filter = params.get('filter');
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
        return fail(400, 'Bad Request', 'page/size: out of range');
      if (action && !(AUDIT_ACTIONS as readonly string[]).includes(action)) return fail(400, 'Bad Request', 'action: unknown');
      if (from && to && from > to) return fail(400, 'Bad Request', 'from: must not be after to.');
      const search = filter ? deskSearchOf(filter) : null;
      if (search?.kind === 'too-short') return fail(400, 'Bad Request', 'filter: too short');
      const matches = entries
        .filter((e) => !action || e.action === action)
        .filter((e) => (!from || officeDayOf(e.at) >= from) && (!to || officeDayOf(e.at) <= to))
        .filter((e) => {
          if (!search) return true;
          if (search.kind === 'fiscalCode') return e.actorFiscalCode === search.fiscalCode;
          return foldForSearch(e.actorName ?? '').includes(foldForSearch(filter!));
        })
        .sort((a, b) => direction * (a.at.localeCompare(b.at) || a.auditId - b.auditId));
      return HttpResponse.json<AuditListResponse>({
        ...OK_STATUS,
        totalResults: matches.length,
        totalPages: pageCount(matches.length, size),
        auditList: matches.slice((page - 1) * size, page * size),
      });
    }),
  ];
}
