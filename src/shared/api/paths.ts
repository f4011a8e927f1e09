// Every API path of spec §7, relative to the common base path. The SPA's axios client, the
// server's routes and the msw handlers all take their paths from here.

export const API_BASE = '/api';

export const ApiPaths = {
  // Authentication and session
  foAuthToken: '/login/token',
  boAuthToken: '/login/token2',
  revoke: '/usersession/v1/user-session/revoke',
  userInfo: '/suap/v1/request/getUserInfo',
  boUserInfo: '/suap/v1/backoffice/userinfo',
  checkPerson: '/evidencesuaprequestor/v1/acs/check/pf',
  checkLegalRep: '/evidencesuaprequestor/v1/acs/check-legal-rep',
  publicServiceMapping: '/evidencesuaprequestor/v1/public-service/mapping',
  // Master data and configuration
  config: '/suap/v1/config',
  anagraficaList: '/suap/v1/anagrafica/list',
  iniziativeList: '/suap/v1/anagrafica/iniziative/list',
  suapList: '/suap/v1/anagrafica/suap/list',
  regionList: '/suap/v1/anagrafica/region/list',
  provinceList: '/suap/v1/anagrafica/province/list',
  municipalityList: '/suap/v1/anagrafica/municipality/list',
  /** Ours: the documents an initiative asks for (docs/architecture.md "Documents"). */
  requirementList: '/suap/v1/anagrafica/iniziative/{iniziativeId}/requirements',
  // Requests (front office)
  requestList: '/suap/v1/request/list',
  request: '/suap/v1/request/{id}',
  requestCreate: '/suap/v1/request',
  requestPdf: '/suap/v1/request/getPdfRecap/{id}',
  /** Ours: the applicant fires a lifecycle event on their sent pratica (withdrawal). */
  requestEvent: '/suap/v1/request/{id}/event',
  /** Ours: a request's documents, listed (GET) and uploaded (POST multipart: file, requirementCode). */
  attachmentList: '/suap/v1/request/{id}/attachments',
  /** Ours: one document's bytes (GET, ETag = its SHA-256, If-Match checked) and its removal from a draft (DELETE). */
  attachment: '/suap/v1/request/{id}/attachments/{attachmentId}',
  // Back office
  boUserList: '/suap/v1/backoffice/user/getUserList',
  boUser: '/suap/v1/backoffice/user/getUser/{id}',
  boUserCreate: '/suap/v1/backoffice/user/createUser',
  boUserModify: '/suap/v1/backoffice/user/modifyUser',
  boRequestList: '/suap/v1/backoffice/list',
  boRequest: '/suap/v1/backoffice/request/{id}',
  /** Ours: staff fire a lifecycle event on a pratica (docs/architecture.md "The pratica's lifecycle"; spec §7 lists no such call). */
  boRequestEvent: '/suap/v1/backoffice/request/{id}/event',
  /** Ours: the colleagues of the pratica's office it may be assigned to. */
  boRequestColleagues: '/suap/v1/backoffice/request/{id}/colleagues',
  boDraftStorageLimit: '/suap/v1/backoffice/updateDraftStorageLimit/{id}',
  boRequestPdf: '/suap/v1/backoffice/getPdfRecap/{id}',
  /** Ours: a request's documents as the office reads them. */
  boAttachmentList: '/suap/v1/backoffice/request/{id}/attachments',
  boAttachment: '/suap/v1/backoffice/request/{id}/attachments/{attachmentId}',
  /** Ours: the audit log, administrators only (docs/architecture.md "Audit log"). */
  boAuditLog: '/suap/v1/backoffice/audit/list',
  // Operations (ours)
  health: '/health/live',
  ready: '/health/ready',
  /** The API documentation page (Swagger UI) and the OpenAPI document it shows. */
  docs: '/docs',
  docsJson: '/docs/json',
} as const;

export type ApiPathName = keyof typeof ApiPaths;

/** Fills `{id}`-style parameters: apiPath('request', { id: 7 }) → '/suap/v1/request/7'. */
export function apiPath(name: ApiPathName, params: Record<string, string | number> = {}): string {
  return ApiPaths[name].replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Fastify's `:id` syntax for a contract path. */
export function routePattern(name: ApiPathName): string {
  return ApiPaths[name].replace(/\{(\w+)\}/g, ':$1');
}
