// Dashboard session tokens: HS256 JWTs (jose) signed with the deployment's session secret, kept in
// the data folder (created once, readable by its owner only). A token names its account
// (`sub`) and carries `typ: dashboard`; it opens the account routes and is never an API key.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ISSUER = 'loupe';
const AUDIENCE = 'loupe-dashboard';

/** The session secret of a data folder, created on first use. */
export function sessionSecret(dataDir: string): Uint8Array {
  const path = join(dataDir, 'session.key');
  if (!existsSync(path)) {
    // processes of one deployment starting together race to create it: each writes a draft whole
    // and links it into place, the first link wins and the others read the winner's
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    chmodSync(draft, 0o600);
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return new TextEncoder().encode(readFileSync(path, 'utf8').trim());
}

/** A session token for `accountId`, valid for `hours`. */
export async function signSession(secret: Uint8Array, accountId: string, hours = 12): Promise<string> {
  const { SignJWT } = await import('jose'); // loaded on first use: most operator commands sign nothing
  return new SignJWT({ typ: 'dashboard' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${hours}h`)
    .sign(secret);
}

/** The account a valid session token names, or undefined. */
export async function verifySession(secret: Uint8Array, token: string): Promise<string | undefined> {
  try {
    const { jwtVerify } = await import('jose');
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    return payload.typ === 'dashboard' && typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
