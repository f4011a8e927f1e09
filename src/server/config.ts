// Reads the environment once, validates it, and names the variable in one sentence when it is wrong.
import path from 'node:path';
import { DEFAULT_DRAFT_RETENTION_DAYS } from '../shared/constants.ts';
import { Patterns } from '../shared/patterns.ts';
import { DEFAULT_STORAGE_LIMIT_MAX_YEARS } from '../shared/dates.ts';

export const MODES = ['development', 'production', 'test'] as const;
export type Mode = (typeof MODES)[number];

export interface Config {
  mode: Mode;
  host: string;
  port: number;
  /** Public address of the portal, used for canonical links, OIDC redirects and e-mails. */
  baseUrl: string;
  /** PostgreSQL server; null means the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  ipaCode: string;
  administrationName: string;
  draftRetentionDays: number;
  /** How many years ahead staff may move a draft's storage limit (issue #15: the picker's last day). */
  storageLimitMaxYears: number;
  /** How long reference data answers are served from memory. */
  referenceCacheSeconds: number;
  /** Folder of the built SPA; null disables static serving (API-only instances, tests). */
  staticDir: string | null;
  trustProxy: boolean;
  oidc: OidcConfig;
  /** SMTP server for notifications; null writes them as .eml files under dataDir/outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Abuse limits on token exchange, user info, identity checks and writes (off only for benchmarks). */
  rateLimits: boolean;
  /** The first administrator of a database without demo people (BOOTSTRAP_ADMIN_*), or null. */
  bootstrapAdmin: BootstrapAdmin | null;
}

export interface BootstrapAdmin {
  fiscalCode: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

export interface OidcConfig {
  /** The embedded development identity provider at /idp (never by default in production). */
  embedded: boolean;
  issuer: string;
  /** Audience the API requires in access tokens. */
  audience: string;
  foClientId: string;
  boClientId: string;
  /** Secrets of an external issuer's clients; the embedded provider keeps its own in the data folder. */
  foClientSecret: string | null;
  boClientSecret: string | null;
  accessTokenSeconds: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected something like ${protocols[0]}//host).`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got ${parsed.protocol}).`);
  }
  return raw.replace(/\/+$/, '');
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}").`);
  }
  return raw as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

/** BOOTSTRAP_ADMIN_FISCAL_CODE with the names it needs, or null when unset. */
function bootstrapAdmin(env: Env): BootstrapAdmin | null {
  const raw = env.BOOTSTRAP_ADMIN_FISCAL_CODE;
  if (raw === undefined || raw === '') return null;
  const fiscalCode = raw.trim().toUpperCase();
  if (!Patterns.fiscalCode.test(fiscalCode)) throw new ConfigError(`BOOTSTRAP_ADMIN_FISCAL_CODE must be an Italian fiscal code (16 letters and digits, got "${raw}").`);
  const name = (variable: string) => {
    const value = env[variable]?.trim();
    if (!value || !Patterns.simpleText.test(value)) throw new ConfigError(`${variable} must be set (letters, spaces and apostrophes) when BOOTSTRAP_ADMIN_FISCAL_CODE is.`);
    return value;
  };
  const email = env.BOOTSTRAP_ADMIN_EMAIL?.trim() || null;
  if (email && !Patterns.email.test(email)) throw new ConfigError(`BOOTSTRAP_ADMIN_EMAIL is not an e-mail address (got "${email}").`);
  return { fiscalCode, firstName: name('BOOTSTRAP_ADMIN_FIRST_NAME'), lastName: name('BOOTSTRAP_ADMIN_LAST_NAME'), email };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const mode = oneOf(env, 'NODE_ENV', MODES, 'development');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const baseUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']) as string;
  const databaseUrl = url(env, 'DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const logLevel = oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, mode === 'test' ? 'silent' : 'info');
  const staticDir = env.STATIC_DIR === '' ? null : path.resolve(cwd, env.STATIC_DIR || 'dist');
  const externalIssuer = url(env, 'OIDC_ISSUER', null, ['http:', 'https:']);
  const embedded = flag(env, 'EMBEDDED_IDP', mode !== 'production' && !externalIssuer);
  if (!embedded && !externalIssuer) {
    throw new ConfigError('OIDC_ISSUER must name the identity provider (or set EMBEDDED_IDP=true to run the demo provider on purpose).');
  }
  if (embedded && externalIssuer) {
    throw new ConfigError('EMBEDDED_IDP must be false when OIDC_ISSUER names an external identity provider.');
  }
  const secret = (name: string) => {
    const value = env[name];
    if (externalIssuer && !value) throw new ConfigError(`${name} must be set when OIDC_ISSUER names an external identity provider.`);
    return value || null;
  };
  const oidc: OidcConfig = {
    embedded,
    issuer: externalIssuer ?? `${baseUrl}/idp`,
    audience: env.OIDC_AUDIENCE || `${baseUrl}/api`,
    foClientId: env.OIDC_FO_CLIENT_ID || 'suap-fo',
    boClientId: env.OIDC_BO_CLIENT_ID || 'suap-bo',
    foClientSecret: secret('OIDC_FO_CLIENT_SECRET'),
    boClientSecret: secret('OIDC_BO_CLIENT_SECRET'),
    accessTokenSeconds: integer(env, 'ACCESS_TOKEN_SECONDS', 1800, 60, 86_400),
  };
  return {
    oidc,
    mode,
    host,
    port,
    baseUrl,
    databaseUrl,
    dataDir,
    logLevel,
    ipaCode: env.IPA_CODE || 'suap_demo',
    administrationName: env.ADMINISTRATION_NAME || 'Sportello Unico Attività Produttive',
    draftRetentionDays: integer(env, 'DRAFT_RETENTION_DAYS', DEFAULT_DRAFT_RETENTION_DAYS, 1, 3650),
    storageLimitMaxYears: integer(env, 'STORAGE_LIMIT_MAX_YEARS', DEFAULT_STORAGE_LIMIT_MAX_YEARS, 1, 50),
    referenceCacheSeconds: integer(env, 'REFERENCE_CACHE_SECONDS', 300, 1, 86_400),
    staticDir,
    trustProxy: flag(env, 'TRUST_PROXY', false),
    smtpUrl: url(env, 'SMTP_URL', null, ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'SUAP <noreply@suap.example.it>',
    rateLimits: flag(env, 'RATE_LIMITS', true),
    bootstrapAdmin: bootstrapAdmin(env),
  };
}
