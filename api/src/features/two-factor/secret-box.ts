import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Env } from '../../env';

// TOTP secrets at rest (SECURITY.md item 4): AES-256-GCM with APP_ENCRYPTION_KEY. The user id is authenticated
// data, so a ciphertext copied onto another user's row does not decrypt.
const VERSION = 'v1';

const keyOf = (env: Env) => Buffer.from(env.APP_ENCRYPTION_KEY, 'hex');

export function sealTotpSecret(env: Env, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(env), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(':');
}

/** The plain secret, or null when the stored value is not ours or was tampered with. */
export function openTotpSecret(env: Env, userId: string, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split(':');
  if (version !== VERSION || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(env), Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
