// Reads the environment once, validates it, and names the variable in one sentence when it is wrong.
import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { DocumentLimits } from '#shared/documents.ts';
import { DEFAULT_BO_IDLE_MINUTES, DEFAULT_DRAFT_RETENTION_DAYS, DEFAULT_MAX_OPEN_DRAFTS } from '#shared/constants.ts';
import { Patterns } from '#shared/patterns.ts';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './services/audit/retention.ts';
import { DEFAULT_STORAGE_LIMIT_MAX_YEARS } from '#shared/dates.ts';

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
  /** Connections each instance keeps to the PostgreSQL server at most (docs/deployment.md). */
  databasePoolSize: number;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  ipaCode: string;
  administrationName: string;
  draftRetentionDays: number;
  /** How many drafts one person may keep open at once; the next creation is refused (MAX_OPEN_DRAFTS). */
  maxOpenDrafts: number;
  /** How many years ahead staff may move a draft's storage limit (the picker's last day; docs/architecture.md "The clerks' desk"). */
  storageLimitMaxYears: number;
  /** How long reference data answers are served from memory. */
  referenceCacheSeconds: number;
  /** Minutes without activity after which the back office signs the clerk out (BO_IDLE_MINUTES). */
  boIdleMinutes: number;
  /** Folder of the built SPA; null disables static serving (API-only instances, tests). */
  staticDir: string | null;
  /**
   * Which peers' X-Forwarded-* headers are believed (Fastify's trustProxy): false for none, a hop
   * count, or the proxies' addresses and CIDR ranges; true (every hop) only outside production.
   */
  trustProxy: TrustProxy;
  /** Transport timeouts against slow clients (docs/deployment.md). */
  timeouts: TimeoutConfig;
  oidc: OidcConfig;
  /** SMTP server for notifications; null writes them as .eml files under dataDir/outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Abuse limits on token exchange, user info, identity checks and writes (off only for benchmarks). */
  rateLimits: boolean;
  /** PDF rendering off the event loop and recap downloads per person (docs/deployment.md, "PDF rendering"). */
  pdf: PdfConfig;
  /** Bytes of documents: one file, one request's, one person's (MAX_*_ATTACHMENT_BYTES; docs/deployment.md). */
  documents: DocumentLimitsConfig;
  /** The first administrator of a database without demo people (BOOTSTRAP_ADMIN_*), or null. */
  bootstrapAdmin: BootstrapAdmin | null;
  /** How long personal data is kept once it has served (docs/deployment.md, "Retention"). */
  retention: RetentionConfig;
  /**
   * Spec §7 check-legal-rep's national service (LEGAL_REP_CHECK_URL); null asks the demo's companies where the
   * embedded provider runs, else records the applicant's self-declaration (docs/architecture.md "Who the business is").
   */
  legalRepCheckUrl: string | null;
  /** Without that URL, whether the demo's companies answer (LEGAL_REP_DEMO, by default where the embedded provider runs). */
  legalRepDemo: boolean;
}

export interface RetentionConfig {
  /** Days a delivered notification is kept in the outbox. */
  outboxDays: number;
  /** Days an expired or deleted draft keeps its content (personal data, contacts, VAT number). */
  deletedDraftDays: number;
  /** Minutes an abuse-limit counter is kept after its window began. */
  rateLimitMinutes: number;
  /** Days an identity-matcher attempt is kept. */
  identityCheckDays: number;
  /** Days before its storage limit a draft's owner is warned by e-mail; 0 sends no warning. */
  draftWarningDays: number;
  /** Days an audit-log line is kept (AUDIT_RETENTION_DAYS); the retention job deletes older ones. */
  auditDays: number;
}

export interface PdfConfig {
  /** Worker threads rendering PDFs (PDF_RENDER_THREADS). */
  renderThreads: number;
  /** PDFs that may wait for a thread; one more answers 503 with Retry-After (PDF_RENDER_QUEUE). */
  renderQueue: number;
  /** Recaps one person may download per minute; one more answers 429 (PDF_DOWNLOADS_PER_MINUTE). */
  downloadsPerMinute: number;
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

export type TrustProxy = boolean | number | string[];

export interface TimeoutConfig {
  /** A request's headers must all arrive within this many milliseconds (HEADERS_TIMEOUT_MS). */
  headersMs: number;
  /** A connection that sends nothing for this long is closed, mid-body included (IDLE_TIMEOUT_MS). */
  idleMs: number;
}

/** The documents' limits in bytes (docs/deployment.md, "Limits against one person flooding the portal"). */
export interface DocumentLimitsConfig {
  fileBytes: number;
  requestBytes: number;
  personBytes: number;
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

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list as Fastify accepts them. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or false trusts no proxy (the peer's own address counts); a whole number
 * trusts that many hops in front of the portal; a comma list names the proxies' addresses or CIDR
 * ranges; true trusts every hop, which lets any client choose its address by sending
 * X-Forwarded-For, so production refuses it (docs/deployment.md, "Behind a proxy").
 */
function trustProxy(env: Env, mode: Mode): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || ['false', 'no'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes'].includes(raw.toLowerCase())) {
    if (mode === 'production') {
      throw new ConfigError(
        'TRUST_PROXY=true would believe any X-Forwarded-For in production: give the number of proxies in front of the portal (1 for one nginx) or their addresses (e.g. 10.0.0.5,10.0.1.0/24).',
      );
    }
    return true;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a number of proxies from 0 to 10, or their addresses (got "${raw}").`);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !proxyAddress(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a number of proxies, or a comma list of their IP addresses or CIDR ranges ("${wrong}" is none of these).`,
    );
  }
  return entries;
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
  if (!Patterns.fiscalCode.test(fiscalCode))
    throw new ConfigError(`BOOTSTRAP_ADMIN_FISCAL_CODE must be an Italian fiscal code (16 letters and digits, got "${raw}").`);
  const name = (variable: string) => {
    const value = env[variable]?.trim();
    if (!value || !Patterns.personName.test(value))
      throw new ConfigError(`${variable} must be set (letters, spaces, apostrophes and hyphens) when BOOTSTRAP_ADMIN_FISCAL_CODE is.`);
    return value;
  };
  const email = env.BOOTSTRAP_ADMIN_EMAIL?.trim() || null;
  if (email && !Patterns.email.test(email)) throw new ConfigError(`BOOTSTRAP_ADMIN_EMAIL is not an e-mail address (got "${email}").`);
  return { fiscalCode, firstName: name('BOOTSTRAP_ADMIN_FIRST_NAME'), lastName: name('BOOTSTRAP_ADMIN_LAST_NAME'), email };
}

/** MAIL_FROM: one mailbox, bare or as `Name <address>`. */
function mailbox(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const parsed = addressparser(raw);
  const only = parsed.length === 1 ? parsed[0]! : null;
  if (!only || !only.address || !Patterns.email.test(only.address)) {
    throw new ConfigError(`${name} must be one e-mail address, optionally as "Name <address>" (got "${raw}").`);
  }
  return raw;
}

/** STATIC_DIR when set: a folder holding the built SPA's index.html. */
function staticFolder(env: Env, name: string, cwd: string): string | null {
  const raw = env[name];
  if (raw === '') return null;
  const folder = path.resolve(cwd, raw || 'dist');
  if (raw !== undefined && !fs.existsSync(path.join(folder, 'index.html'))) {
    throw new ConfigError(`${name} must be a folder holding the built SPA's index.html (run npm run build), or empty for an API-only instance (got "${raw}").`);
  }
  return folder;
}

function ipaCode(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw.length > 100 || !Patterns.ipaCode.test(raw)) {
    throw new ConfigError(`${name} must be the administration's IPA code: letters, digits and underscores, at most 100 (got "${raw}").`);
  }
  return raw;
}

function retention(env: Env, draftRetentionDays: number): RetentionConfig {
  // Left unset, a short retention gets a warning one day before the limit rather than a refusal.
  const draftWarningDays = integer(env, 'DRAFT_EXPIRY_WARNING_DAYS', Math.min(30, draftRetentionDays - 1), 0, 365);
  if (draftWarningDays > 0 && draftWarningDays >= draftRetentionDays) {
    throw new ConfigError(
      `DRAFT_EXPIRY_WARNING_DAYS must be fewer than DRAFT_RETENTION_DAYS (${draftRetentionDays}), or 0 for no warning (got "${draftWarningDays}").`,
    );
  }
  return {
    outboxDays: integer(env, 'OUTBOX_RETENTION_DAYS', 30, 1, 3650),
    deletedDraftDays: integer(env, 'DELETED_DRAFT_RETENTION_DAYS', 30, 0, 3650),
    // Longer than the longest abuse-limit window (one minute), so no live counter is dropped.
    rateLimitMinutes: integer(env, 'RATE_LIMIT_RETENTION_MINUTES', 60, 2, 525_600),
    identityCheckDays: integer(env, 'IDENTITY_CHECK_RETENTION_DAYS', 90, 1, 3650),
    draftWarningDays,
    auditDays: integer(env, 'AUDIT_RETENTION_DAYS', DEFAULT_AUDIT_RETENTION_DAYS, 1, 36_500),
  };
}

/** The settings that carry a password or a client secret, each readable from a file instead (NAME_FILE). */
export const SECRET_SETTINGS = ['DATABASE_URL', 'SMTP_URL', 'OIDC_FO_CLIENT_SECRET', 'OIDC_BO_CLIENT_SECRET'] as const;

/**
 * Secrets from files (Kubernetes and Compose secrets, systemd credentials): NAME_FILE names a file
 * whose content, less its final line break, is NAME's value (docs/deployment.md, "Secrets from files").
 */
function withSecretFiles(env: Env): Env {
  const read: Env = {};
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (file === undefined || file === '') continue;
    if (env[name]) throw new ConfigError(`${name} and ${name}_FILE are both set: keep only one.`);
    try {
      read[name] = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(`${name}_FILE names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${file}).`);
    }
  }
  return { ...env, ...read };
}

export function loadConfig(given: Env = process.env, cwd = process.cwd()): Config {
  const env = withSecretFiles(given);
  const mode = oneOf(env, 'NODE_ENV', MODES, 'development');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const baseUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']) as string;
  const databaseUrl = url(env, 'DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const logLevel = oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, mode === 'test' ? 'silent' : 'info');
  const staticDir = staticFolder(env, 'STATIC_DIR', cwd);
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
  const draftRetentionDays = integer(env, 'DRAFT_RETENTION_DAYS', DEFAULT_DRAFT_RETENTION_DAYS, 1, 3650);
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
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, 1, 1000),
    dataDir,
    logLevel,
    ipaCode: ipaCode(env, 'IPA_CODE', 'suap_demo'),
    administrationName: env.ADMINISTRATION_NAME || 'Sportello Unico Attività Produttive',
    draftRetentionDays,
    maxOpenDrafts: integer(env, 'MAX_OPEN_DRAFTS', DEFAULT_MAX_OPEN_DRAFTS, 1, 1000),
    storageLimitMaxYears: integer(env, 'STORAGE_LIMIT_MAX_YEARS', DEFAULT_STORAGE_LIMIT_MAX_YEARS, 1, 50),
    referenceCacheSeconds: integer(env, 'REFERENCE_CACHE_SECONDS', 300, 1, 86_400),
    boIdleMinutes: integer(env, 'BO_IDLE_MINUTES', DEFAULT_BO_IDLE_MINUTES, 1, 1440),
    staticDir,
    trustProxy: trustProxy(env, mode),
    timeouts: { headersMs: integer(env, 'HEADERS_TIMEOUT_MS', 30_000, 100, 600_000), idleMs: integer(env, 'IDLE_TIMEOUT_MS', 30_000, 100, 600_000) },
    smtpUrl: url(env, 'SMTP_URL', null, ['smtp:', 'smtps:']),
    mailFrom: mailbox(env, 'MAIL_FROM', 'SUAP <noreply@suap.example.org>'),
    rateLimits: flag(env, 'RATE_LIMITS', true),
    pdf: {
      // One core is left to the event loop (and the database on a small machine): docs/deployment.md.
      renderThreads: integer(env, 'PDF_RENDER_THREADS', Math.max(1, os.availableParallelism() - 1), 1, 64),
      renderQueue: integer(env, 'PDF_RENDER_QUEUE', 100, 0, 10_000),
      downloadsPerMinute: integer(env, 'PDF_DOWNLOADS_PER_MINUTE', 30, 1, 10_000),
    },
    documents: {
      fileBytes: integer(env, 'MAX_ATTACHMENT_BYTES', DocumentLimits.fileBytes, 1024, 2 ** 31 - 1),
      requestBytes: integer(env, 'MAX_REQUEST_ATTACHMENT_BYTES', DocumentLimits.requestBytes, 1024, Number.MAX_SAFE_INTEGER),
      personBytes: integer(env, 'MAX_PERSON_ATTACHMENT_BYTES', DocumentLimits.personBytes, 1024, Number.MAX_SAFE_INTEGER),
    },
    bootstrapAdmin: bootstrapAdmin(env),
    retention: retention(env, draftRetentionDays),
    legalRepCheckUrl: url(env, 'LEGAL_REP_CHECK_URL', null, ['http:', 'https:']),
    legalRepDemo: flag(env, 'LEGAL_REP_DEMO', embedded),
  };
}
