import type { Role } from '@taktwerk/common';

/** Who is calling, as established by requireAuth (a signed-in user). */
export interface Principal {
  userId: string;
  orgId: string;
  role: Role;
  permissions: string[];
  sessionId: string;
}
