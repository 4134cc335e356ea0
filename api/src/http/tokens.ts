import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@taktwerk/common';

const ISSUER = 'taktwerk';
const AUDIENCE = 'taktwerk-api';

export interface AccessClaims {
  userId: string;
  orgId: string;
  role: Role;
  sessionId: string;
}

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string, readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ org: claims.orgId, role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Verifies with an algorithm allow-list and checks iss, aud and exp; null for any invalid token. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      const { sub, org, role, sid } = payload as { sub?: unknown; org?: unknown; role?: unknown; sid?: unknown };
      if (typeof sub !== 'string' || typeof org !== 'string' || typeof role !== 'string' || typeof sid !== 'string') return null;
      return { userId: sub, orgId: org, role: role as Role, sessionId: sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** An opaque secret with a type prefix and 256 random bits, and the SHA-256 under which it is stored. */
export function newOpaqueToken(prefix: string): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: sha256Hex(token) };
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
