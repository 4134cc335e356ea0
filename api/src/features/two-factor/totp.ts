import { TOTP } from '@taktwerk/common';
import { generateSecret, generateURI, verify } from 'otplib';

// RFC 6238 as the spec fixes it: 30 s step, 6 digits, SHA-1, one step either side (part 1 §5, §9).
const ISSUER = 'Taktwerk';
const OPTIONS = { algorithm: 'sha1', digits: TOTP.digits, period: TOTP.stepSeconds } as const;

export const newTotpSecret = () => generateSecret({ length: TOTP.secretBytes });

export const totpUri = (secret: string, accountEmail: string) => generateURI({ issuer: ISSUER, label: accountEmail, secret, ...OPTIONS });

/**
 * The time step a code belongs to, if it is valid now (±1 step) and later than the last accepted step; else null.
 * The caller still has to claim the step in the database, which is what makes a code single-use.
 */
export async function matchTotpStep(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      ...OPTIONS,
      epochTolerance: TOTP.window * TOTP.stepSeconds,
      afterTimeStep: lastStep ?? undefined,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // e.g. a stored last step ahead of this clock: no code can be accepted until time catches up.
    return null;
  }
}
