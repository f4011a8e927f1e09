// The authorization matrix: for every API route, what each actor gets for their own object,
// another's, and a missing one. `build` makes a real request for the cell (fresh objects where
// the call changes them); `expect` is the status the server must answer.
import type { InjectOptions } from 'fastify';
import type { Actor, ObjectKind } from './actors.ts';
import type { MatrixFixtures } from './fixtures.ts';

export interface RouteCase {
  /** "METHOD /api/path/:param" exactly as registered. */
  route: string;
  /** Whether the route acts on an object (request, user); others are called once per actor. */
  objects: boolean;
  build(f: MatrixFixtures, actor: Actor, object: ObjectKind): Promise<InjectOptions>;
  expect(actor: Actor, object: ObjectKind): number;
}

const FO_CITIZENS: Actor[] = ['citizenA', 'citizenB'];
const STAFF: Actor[] = ['collaborator', 'clerk', 'administrator'];
const isCitizen = (a: Actor) => FO_CITIZENS.includes(a);
const isStaff = (a: Actor) => STAFF.includes(a);
const withToken = (f: MatrixFixtures, actor: Actor) => (f.tokens[actor] ? { authorization: `Bearer ${f.tokens[actor]}` } : {});

const publicGet = (url: string): RouteCase => ({
  route: `GET ${url.split('?')[0]}`,
  objects: false,
  build: async (f, a) => ({ method: 'GET', url, headers: withToken(f, a) }),
  expect: () => 200,
});

/** A citizen's own request route: the owner gets 200; another's request answers like a missing one (404). */
function citizenObject(o: ObjectKind): number {
  return o === 'own' ? 200 : 404;
}
function citizenRule(actor: Actor, object: ObjectKind, objectStatus: (o: ObjectKind) => number): number {
  if (actor === 'anonymous' || actor === 'revoked' || isStaff(actor)) return 401;
  if (actor === 'deactivated') return 403;
  return objectStatus(object);
}
/** A staff route: their offices' request 200, another office's like a missing one (404); the administrators' alone 403 to others. */
function staffRule(actor: Actor, object: ObjectKind, adminOnly = false): number {
  if (!isStaff(actor)) return 401;
  if (adminOnly && actor !== 'administrator') return 403;
  return object === 'own' ? 200 : 404;
}
/** A staff account's route (the administrators'): their own account or another's 200, a missing one 404. */
function staffAccountRule(actor: Actor, object: ObjectKind): number {
  if (!isStaff(actor)) return 401;
  if (actor !== 'administrator') return 403;
  return object === 'missing' ? 404 : 200;
}
/** A staff route on no request (lists, staff accounts): whoever has the role. */
function staffOnly(actor: Actor, adminOnly = false): number {
  if (!isStaff(actor)) return 401;
  return adminOnly && actor !== 'administrator' ? 403 : 200;
}

export const MATRIX: RouteCase[] = [
  publicGet('/api/health/live'),
  publicGet('/api/health/ready'),
  publicGet('/api/docs'),
  // The documentation page's document and assets (Swagger UI), public like the page.
  publicGet('/api/docs/json'),
  publicGet('/api/docs/yaml'),
  publicGet('/api/docs/static/swagger-initializer.js'),
  {
    route: 'GET /api/docs/static/*',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css', headers: withToken(f, a) }),
    expect: () => 200,
  },
  {
    route: 'GET /api/docs/static/index.html',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: '/api/docs/static/index.html', headers: withToken(f, a) }),
    expect: () => 302,
  },
  publicGet('/api/suap/v1/config'),
  publicGet('/api/suap/v1/anagrafica/list'),
  publicGet('/api/suap/v1/anagrafica/iniziative/list'),
  {
    // The documents an initiative asks for: public like the catalogue they belong to.
    route: 'GET /api/suap/v1/anagrafica/iniziative/:iniziativeId/requirements',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: `/api/suap/v1/anagrafica/iniziative/${f.iniziativeId}/requirements`, headers: withToken(f, a) }),
    expect: () => 200,
  },
  publicGet('/api/suap/v1/anagrafica/suap/list'),
  publicGet('/api/suap/v1/anagrafica/region/list'),
  publicGet('/api/suap/v1/anagrafica/province/list'),
  publicGet('/api/suap/v1/anagrafica/municipality/list?provinceId=58'),
  ...(['token', 'token2'] as const).map((path): RouteCase => ({
    route: `POST /api/login/${path}`,
    objects: false,
    // Anyone may try an exchange; a code the provider never issued is refused whoever asks.
    build: async (f, a) => ({
      method: 'POST',
      url: `/api/login/${path}`,
      headers: withToken(f, a),
      payload: { grant_type: 'authorization_code', code: 'forged', redirect_uri: 'http://localhost:3999/auth/callback' },
    }),
    expect: () => 401,
  })),
  {
    route: 'DELETE /api/usersession/v1/user-session/revoke',
    objects: false,
    // Possession of a token is the right to revoke it: each actor revokes a fresh token of their own.
    build: async (f, a) => ({
      method: 'DELETE',
      url: '/api/usersession/v1/user-session/revoke',
      payload: { accessToken: a === 'anonymous' ? 'not-a-token' : await f.freshToken(a) },
    }),
    expect: (a) => (a === 'anonymous' ? 401 : 200),
  },
  {
    route: 'GET /api/suap/v1/request/getUserInfo',
    objects: true,
    build: async (f, a, o) => ({ method: 'GET', url: `/api/suap/v1/request/getUserInfo?fiscalCode=${f.fiscalCodeFor(a, o)}`, headers: withToken(f, a) }),
    expect: (a, o) => {
      if (a === 'anonymous' || a === 'revoked' || isStaff(a)) return 401;
      return o === 'own' ? 200 : 403;
    },
  },
  {
    route: 'GET /api/suap/v1/backoffice/userinfo',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: '/api/suap/v1/backoffice/userinfo', headers: withToken(f, a) }),
    expect: (a) => (isStaff(a) ? 200 : 401),
  },
  {
    route: 'POST /api/evidencesuaprequestor/v1/acs/check/pf',
    objects: false,
    build: async (f, a) => ({ method: 'POST', url: '/api/evidencesuaprequestor/v1/acs/check/pf', headers: withToken(f, a), payload: f.personCheck }),
    // Every signed-in citizen here has a provider-asserted code: there is nothing to match (409).
    expect: (a) => (a === 'anonymous' || a === 'revoked' || isStaff(a) ? 401 : 409),
  },
  {
    route: 'GET /api/evidencesuaprequestor/v1/acs/check-legal-rep',
    objects: true,
    build: async (f, a, o) => ({
      method: 'GET',
      url: `/api/evidencesuaprequestor/v1/acs/check-legal-rep?cfPersona=${f.fiscalCodeFor(a, o)}&cfImpresa=01234567897`,
      headers: withToken(f, a),
    }),
    expect: (a, o) => citizenRule(a, o, (obj) => (obj === 'own' ? 200 : 403)),
  },
  {
    route: 'GET /api/evidencesuaprequestor/v1/public-service/mapping',
    objects: false,
    build: async (f, a) => ({
      method: 'GET',
      url: `/api/evidencesuaprequestor/v1/public-service/mapping?name=startup&ipaCode=${f.ipaCode}`,
      headers: withToken(f, a),
    }),
    expect: (a) => (a === 'anonymous' || a === 'revoked' ? 401 : 200),
  },
  {
    route: 'GET /api/suap/v1/request/list',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: '/api/suap/v1/request/list', headers: withToken(f, a) }),
    expect: (a) => citizenRule(a, 'own', () => 200),
  },
  {
    route: 'POST /api/suap/v1/request',
    objects: false,
    build: async (f, a) => ({ method: 'POST', url: '/api/suap/v1/request', headers: withToken(f, a), payload: {} }),
    expect: (a) => citizenRule(a, 'own', () => 200),
  },
  {
    route: 'GET /api/suap/v1/request/:id',
    objects: true,
    build: async (f, a, o) => ({ method: 'GET', url: `/api/suap/v1/request/${(await f.draftFor(a, o)).requestId}`, headers: withToken(f, a) }),
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'PUT /api/suap/v1/request/:id',
    objects: true,
    build: async (f, a, o) => {
      const draft = await f.draftFor(a, o);
      return { method: 'PUT', url: `/api/suap/v1/request/${draft.requestId}`, headers: withToken(f, a), payload: { ...draft, partitaIva: '01234567897' } };
    },
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'DELETE /api/suap/v1/request/:id',
    objects: true,
    build: async (f, a, o) => ({ method: 'DELETE', url: `/api/suap/v1/request/${(await f.draftFor(a, o)).requestId}`, headers: withToken(f, a) }),
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'GET /api/suap/v1/request/getPdfRecap/:id',
    objects: true,
    build: async (f, a, o) => ({ method: 'GET', url: `/api/suap/v1/request/getPdfRecap/${(await f.draftFor(a, o)).requestId}`, headers: withToken(f, a) }),
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  // A request's documents (docs/architecture.md "Documents"): the owner's while a draft; staff read them.
  {
    route: 'GET /api/suap/v1/request/:id/attachments',
    objects: true,
    build: async (f, a, o) => ({ method: 'GET', url: `/api/suap/v1/request/${(await f.documentFor(a, o)).requestId}/attachments`, headers: withToken(f, a) }),
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'POST /api/suap/v1/request/:id/attachments',
    objects: true,
    build: async (f, a, o) => {
      const upload = await f.uploadFor(a, o);
      return {
        method: 'POST',
        url: `/api/suap/v1/request/${upload.requestId}/attachments`,
        headers: { ...withToken(f, a), 'content-type': upload.contentType },
        payload: upload.payload,
      };
    },
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'GET /api/suap/v1/request/:id/attachments/:attachmentId',
    objects: true,
    build: async (f, a, o) => {
      const { requestId, attachmentId } = await f.documentFor(a, o);
      return { method: 'GET', url: `/api/suap/v1/request/${requestId}/attachments/${attachmentId}`, headers: withToken(f, a) };
    },
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'DELETE /api/suap/v1/request/:id/attachments/:attachmentId',
    objects: true,
    build: async (f, a, o) => {
      const { requestId, attachmentId } = await f.documentFor(a, o);
      return { method: 'DELETE', url: `/api/suap/v1/request/${requestId}/attachments/${attachmentId}`, headers: withToken(f, a) };
    },
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'GET /api/suap/v1/backoffice/request/:id/attachments',
    objects: true,
    build: async (f, a, o) => ({
      method: 'GET',
      url: `/api/suap/v1/backoffice/request/${(await f.staffDocument(o)).requestId}/attachments`,
      headers: withToken(f, a),
    }),
    expect: (a, o) => staffRule(a, o),
  },
  {
    route: 'GET /api/suap/v1/backoffice/request/:id/attachments/:attachmentId',
    objects: true,
    build: async (f, a, o) => {
      const { requestId, attachmentId } = await f.staffDocument(o);
      return { method: 'GET', url: `/api/suap/v1/backoffice/request/${requestId}/attachments/${attachmentId}`, headers: withToken(f, a) };
    },
    expect: (a, o) => staffRule(a, o),
  },
  {
    route: 'GET /api/suap/v1/backoffice/list',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: '/api/suap/v1/backoffice/list', headers: withToken(f, a) }),
    expect: (a) => staffOnly(a),
  },
  {
    route: 'GET /api/suap/v1/backoffice/request/:id',
    objects: true,
    build: async (f, a, o) => ({ method: 'GET', url: `/api/suap/v1/backoffice/request/${await f.anyRequestId(o)}`, headers: withToken(f, a) }),
    expect: (a, o) => staffRule(a, o),
  },
  {
    route: 'POST /api/suap/v1/backoffice/request/:id/event',
    objects: true,
    build: async (f, a, o) => {
      const sent = await f.sentRequest(o);
      return {
        method: 'POST',
        url: `/api/suap/v1/backoffice/request/${sent.requestId}/event`,
        headers: withToken(f, a),
        payload: { type: 'CONCLUDE_POSITIVE', note: 'Documenti completi.', version: sent.version },
      };
    },
    // Every staff account may ask; the lifecycle machine says who fires what once the request is found among
    // the caller's offices: concluding is the administrators' (403 with the reason to the others).
    expect: (a, o) => {
      if (!isStaff(a)) return 401;
      if (o !== 'own') return 404;
      return a === 'administrator' ? 200 : 403;
    },
  },
  {
    route: 'GET /api/suap/v1/backoffice/request/:id/colleagues',
    objects: true,
    build: async (f, a, o) => ({
      method: 'GET',
      url: `/api/suap/v1/backoffice/request/${await f.staffDraft(o)}/colleagues`,
      headers: withToken(f, a),
    }),
    expect: (a, o) => staffRule(a, o),
  },
  {
    // The applicant withdraws their own sent pratica; another person's answers like a missing one.
    route: 'POST /api/suap/v1/request/:id/event',
    objects: true,
    build: async (f, a, o) => {
      const owner = o === 'own' && (a === 'citizenA' || a === 'citizenB') ? a : a === 'citizenB' ? 'citizenA' : 'citizenB';
      const sent = await f.sentRequest(o === 'missing' ? 'missing' : 'own', owner);
      return {
        method: 'POST',
        url: `/api/suap/v1/request/${sent.requestId}/event`,
        headers: withToken(f, a),
        payload: { type: 'WITHDRAW', version: sent.version },
      };
    },
    expect: (a, o) => citizenRule(a, o, citizenObject),
  },
  {
    route: 'PUT /api/suap/v1/backoffice/updateDraftStorageLimit/:id',
    objects: true,
    build: async (f, a, o) => ({
      method: 'PUT',
      url: `/api/suap/v1/backoffice/updateDraftStorageLimit/${await f.staffDraft(o)}`,
      headers: withToken(f, a),
      payload: { storageLimit: f.nextYear },
    }),
    expect: (a, o) => staffRule(a, o, true),
  },
  {
    route: 'GET /api/suap/v1/backoffice/getPdfRecap/:id',
    objects: true,
    build: async (f, a, o) => ({ method: 'GET', url: `/api/suap/v1/backoffice/getPdfRecap/${await f.anyRequestId(o)}`, headers: withToken(f, a) }),
    expect: (a, o) => staffRule(a, o),
  },
  {
    route: 'GET /api/suap/v1/backoffice/user/getUserList',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: '/api/suap/v1/backoffice/user/getUserList', headers: withToken(f, a) }),
    expect: (a) => staffOnly(a, true),
  },
  {
    // The audit log: administrators only (docs/architecture.md "Audit log").
    route: 'GET /api/suap/v1/backoffice/audit/list',
    objects: false,
    build: async (f, a) => ({ method: 'GET', url: '/api/suap/v1/backoffice/audit/list', headers: withToken(f, a) }),
    expect: (a) => staffOnly(a, true),
  },
  {
    route: 'GET /api/suap/v1/backoffice/user/getUser/:id',
    objects: true,
    build: async (f, a, o) => ({ method: 'GET', url: `/api/suap/v1/backoffice/user/getUser/${f.staffId(a, o)}`, headers: withToken(f, a) }),
    expect: (a, o) => staffAccountRule(a, o),
  },
  {
    route: 'POST /api/suap/v1/backoffice/user/createUser',
    objects: false,
    build: async (f, a) => ({ method: 'POST', url: '/api/suap/v1/backoffice/user/createUser', headers: withToken(f, a), payload: f.newStaff() }),
    expect: (a) => staffOnly(a, true),
  },
  {
    route: 'PUT /api/suap/v1/backoffice/user/modifyUser',
    objects: true,
    build: async (f, a, o) => ({
      method: 'PUT',
      url: '/api/suap/v1/backoffice/user/modifyUser',
      headers: withToken(f, a),
      payload: await f.staffModification(a, o),
    }),
    expect: (a, o) => staffAccountRule(a, o),
  },
];
