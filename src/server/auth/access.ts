// Deny by default: every API route declares who may call it in `config.access`, and a route that
// declares nothing makes the application refuse to start. One hook enforces the declaration.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Role, type RoleId } from '#shared/constants.ts';
import { API_BASE } from '#shared/api/paths.ts';
import { precompiled } from '../db/precompiled.ts';
import type { CallerRow, Database } from '../db/schema.ts';
import { ApiError } from '../plugins/errors.ts';
import { noteAuditActor } from '../services/audit/actor.ts';
import type { Area, IssuerClient } from './issuer-client.ts';
import type { RevocationStore } from './revocations.ts';
import type { Subject, SubjectStore } from './subjects.ts';

export type Access =
  | { kind: 'public' }
  /** A valid access token of one of these areas' clients; the caller may have no account yet. */
  | { kind: 'token'; areas: Area[] }
  /** A registered, active account of the area holding one of the roles. */
  | { kind: 'user'; area: Area; roles: RoleId[] };

export const PUBLIC: Access = { kind: 'public' };
export const CITIZEN: Access = { kind: 'user', area: 'FO', roles: [Role.FRONT_OFFICE] };
/** Every staff profile: the clerk ("istruttore", 4) has a collaborator's routes plus the pratica's events the lifecycle gives them. */
export const STAFF: Access = { kind: 'user', area: 'BO', roles: [Role.BO_ADMIN, Role.BO_COLLAB, Role.CLERK] };
export const ADMIN: Access = { kind: 'user', area: 'BO', roles: [Role.BO_ADMIN] };

export interface Principal {
  token: string;
  jti: string;
  expiresAt: Date;
  area: Area;
  subject: Subject;
  /** The caller's account (routes open to accounts only): what they are checked and answered with. */
  user: CallerRow | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, as registered (the authorization matrix checks it). */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

export interface AccessDependencies {
  issuer: IssuerClient;
  revocations: RevocationStore;
  subjects: SubjectStore;
  db: Kysely<Database>;
}

const unauthorized = (why: string) => new ApiError({ status: 401, description: why });

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  // RFC 6750 §2.1 / RFC 9110 §11.1: the scheme name is case-insensitive.
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i);
  if (!match) throw unauthorized('A bearer access token is required.');
  return match[1]!;
}

/**
 * The token's subject, their account in the token's area, and whether the token was revoked. Only
 * the account columns a caller is checked and answered with (CallerRow), and the subject's claims as
 * text, parsed only by the few routes that read them (user info, identity check): every
 * authenticated call runs this statement, and parsing a JSON document and two timestamps it never
 * reads was a visible share of its cost (docs/performance.md).
 */
const principalRow = precompiled(['area', 'subject', 'jti'], (db: Kysely<Database>, { area, subject, jti }: { area: Area; subject: string; jti: string }) =>
  db
    .selectFrom('identity_subjects as s')
    // A staff account is reached only through a provider-asserted code, never a matched one (eIDAS).
    .leftJoin('users as u', (join) =>
      join
        .on('u.realm', '=', area)
        .onRef('u.fiscal_code', '=', 's.fiscal_code')
        .on((eb) => eb.or([eb('u.realm', '=', 'FO'), eb('s.matched', '=', false)])),
    )
    .select((eb) => [
      's.subject',
      's.fiscal_code as subject_fiscal_code',
      's.eidas_id as subject_eidas_id',
      sql<string>`s.claims::text`.as('claims_text'),
      's.matched',
      'u.user_id',
      'u.realm',
      'u.fiscal_code',
      'u.first_name',
      'u.last_name',
      'u.profile_id',
      'u.active',
      eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'),
    ])
    .where('s.subject', '=', subject),
);

/** A subject whose claims are parsed from their text the first time they are read. */
function subjectOf(row: {
  subject: string;
  subject_fiscal_code: string | null;
  subject_eidas_id: string | null;
  claims_text: string;
  matched: boolean;
}): Subject {
  let claims: Record<string, unknown> | null = null;
  return {
    subject: row.subject,
    fiscalCode: row.subject_fiscal_code,
    eidasId: row.subject_eidas_id,
    get claims() {
      return (claims ??= JSON.parse(row.claims_text) as Record<string, unknown>);
    },
    matched: row.matched,
  };
}

/** Verifies the caller's token and, for account routes, loads and checks the account. */
export async function authenticate(request: FastifyRequest, access: Exclude<Access, { kind: 'public' }>, deps: AccessDependencies): Promise<Principal> {
  const token = bearer(request);
  let claims;
  try {
    claims = await deps.issuer.verifyAccessToken(token);
  } catch {
    throw unauthorized('The access token is not valid (signature, issuer, audience or expiry).');
  }
  const clientId = String(claims.client_id ?? claims.azp ?? '');
  const area: Area | null = clientId === deps.issuer.clientId('FO') ? 'FO' : clientId === deps.issuer.clientId('BO') ? 'BO' : null;
  const allowed = access.kind === 'token' ? access.areas : [access.area];
  if (!area || !allowed.includes(area)) throw unauthorized('The access token was issued for another client.');
  if (!claims.jti) throw unauthorized('The access token has no identifier.');
  // One round trip: is the token revoked, who is its subject, and (for account routes) their account.
  const [row] = await principalRow(deps.db, { area, subject: String(claims.sub), jti: claims.jti });
  if (row?.revoked) throw unauthorized('The access token has been revoked.');
  if (!row) {
    if (await deps.revocations.isRevoked(claims.jti)) throw unauthorized('The access token has been revoked.');
    throw unauthorized('Unknown subject: sign in again.');
  }
  const principal: Principal = { token, jti: claims.jti, expiresAt: new Date((claims.exp ?? 0) * 1000), area, subject: subjectOf(row), user: null };
  if (access.kind === 'user') {
    if (row.user_id === null || row.active !== 1 || !access.roles.includes(row.profile_id as RoleId)) {
      // The refusal's audit line names who was refused (services/audit/hook.ts).
      noteAuditActor(request, { userId: row.user_id, fiscalCode: row.fiscal_code ?? row.subject_fiscal_code, subject: row.subject });
      throw new ApiError({ status: 403, description: 'Your account may not use this function.' });
    }
    principal.user = {
      user_id: row.user_id,
      realm: row.realm!,
      fiscal_code: row.fiscal_code,
      first_name: row.first_name!,
      last_name: row.last_name!,
      profile_id: row.profile_id!,
      active: row.active,
    };
  }
  return principal;
}

export function registerAccessControl(app: FastifyInstance, deps: AccessDependencies): void {
  app.decorateRequest('principal', null);
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    // onRequest: the caller is checked before the body is read or validated, so strangers learn
    // nothing. A hook of the route itself, holding its rule: public answers (most of the traffic)
    // run no access hook at all, and a protected one does not look its rule up on every call.
    if (access && access.kind !== 'public') {
      const own = route.onRequest ? ([] as onRequestHookHandler[]).concat(route.onRequest as onRequestHookHandler | onRequestHookHandler[]) : [];
      route.onRequest = [...own, checkAccess(access, deps)];
    }
    const isApi = route.url.startsWith(`${API_BASE}/`);
    if (!isApi) return;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access).`);
    }
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
}

/** The route hook that lets in only callers `access` admits (a callback hook: no promise of its own). */
function checkAccess(access: Exclude<Access, { kind: 'public' }>, deps: AccessDependencies): onRequestHookHandler {
  return (request, _reply, done) => {
    authenticate(request, access, deps).then(
      (principal) => {
        request.principal = principal;
        done();
      },
      (error: Error) => done(error),
    );
  };
}

/** The authenticated principal of a protected route (the hook guarantees it is there). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError({ status: 401, description: 'A bearer access token is required.' });
  return request.principal;
}
