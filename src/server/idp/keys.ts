// The embedded provider's signing key, cookie keys and client secrets: generated once and kept in
// the data folder, so tokens stay valid across restarts and instances sharing that folder.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface IdpSecrets {
  signingKey: JWK;
  cookieKeys: string[];
  clientSecrets: { fo: string; bo: string };
}

export async function loadOrCreateSecrets(dataDir: string): Promise<IdpSecrets> {
  const file = path.join(dataDir, 'idp-secrets.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as IdpSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
  const secrets: IdpSecrets = {
    signingKey,
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecrets: { fo: randomBytes(24).toString('base64url'), bo: randomBytes(24).toString('base64url') },
  };
  await fs.mkdir(dataDir, { recursive: true });
  // Written whole to a temporary file, then linked into place: link() fails if the file exists, so
  // when two instances start together the second one reads the first one's complete file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(temporary, JSON.stringify(secrets), { mode: 0o600 });
  try {
    await fs.link(temporary, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(await fs.readFile(file, 'utf8')) as IdpSecrets;
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** The public half of the signing key, for verifying tokens without a network round trip. */
export function publicJwks(secrets: IdpSecrets): { keys: JWK[] } {
  const { kty, n, e, kid, alg, use } = secrets.signingKey;
  return { keys: [{ kty, n, e, kid, alg, use }] };
}
