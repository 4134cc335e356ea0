import { MACHINE_CARD_TAGS, MACHINE_TOKEN_FORMAT, type Machine, type MachineCreate, type MachineUpdate } from '@taktwerk/common';
import {
  deleteMachine,
  findMachine,
  insertAuditEntry,
  insertMachine,
  latestEnabledTagReadings,
  listMachines,
  refreshMachineAndTagUsage,
  setMachineToken,
  updateMachine,
  withTenant,
  type Queryable,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { issueSecret } from '../../http/credentials';
import { notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { assertMachineAllowed } from './limits';
import { presentMachine } from './presenter';

export const machineNotFound = () => notFound('Machine not found.');


async function loadMachine(db: Queryable, orgId: string, id: string): Promise<Machine> {
  const row = await findMachine(db, orgId, id);
  if (!row) throw machineNotFound();
  return presentMachine(row, await latestEnabledTagReadings(db, orgId, [row.id], MACHINE_CARD_TAGS));
}

/**
 * Throws 404 unless the machine belongs to the organization: RLS hides other tenants' machines, so a foreign id
 * answers exactly like one that does not exist.
 */
export async function requireMachine(db: Queryable, orgId: string, id: string) {
  const row = await findMachine(db, orgId, id);
  if (!row) throw machineNotFound();
  return row;
}

export function listOrgMachines(deps: AppDeps, orgId: string): Promise<Machine[]> {
  return withTenant(deps.pool, orgId, async (db) => {
    const rows = await listMachines(db, orgId);
    const readings = await latestEnabledTagReadings(db, orgId, rows.map((r) => r.id), MACHINE_CARD_TAGS);
    const now = Date.now();
    return rows.map((row) => presentMachine(row, readings, now));
  });
}

export function getOrgMachine(deps: AppDeps, orgId: string, id: string): Promise<Machine> {
  return withTenant(deps.pool, orgId, (db) => loadMachine(db, orgId, id));
}

export function createOrgMachine(deps: AppDeps, principal: Principal, input: MachineCreate): Promise<{ machine: Machine; token: string }> {
  const { orgId } = principal;
  return withTenant(deps.pool, orgId, async (db) => {
    await assertMachineAllowed(db, orgId);
    const token = issueSecret(MACHINE_TOKEN_FORMAT);
    const row = await insertMachine(db, {
      orgId,
      name: input.name,
      description: input.description ?? null,
      location: input.location ?? null,
      tokenHash: token.hash,
      tokenPreview: token.preview,
    });
    await refreshMachineAndTagUsage(db, orgId);
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'machine.create', targetType: 'machine', targetId: row.id });
    return { machine: await loadMachine(db, orgId, row.id), token: token.secret };
  });
}

export function updateOrgMachine(deps: AppDeps, orgId: string, id: string, input: MachineUpdate): Promise<Machine> {
  return withTenant(deps.pool, orgId, async (db) => {
    if (!(await updateMachine(db, orgId, id, input))) throw machineNotFound();
    return loadMachine(db, orgId, id);
  });
}

/** Replaces the machine token with a new random one (spec part 1 §4); the old token stops working at once. */
export function rotateOrgMachineToken(deps: AppDeps, principal: Principal, id: string): Promise<{ machine: Machine; token: string }> {
  const { orgId } = principal;
  return withTenant(deps.pool, orgId, async (db) => {
    const token = issueSecret(MACHINE_TOKEN_FORMAT);
    if (!(await setMachineToken(db, orgId, id, token))) throw machineNotFound();
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'machine.token_rotate', targetType: 'machine', targetId: id });
    return { machine: await loadMachine(db, orgId, id), token: token.secret };
  });
}

export function deleteOrgMachine(deps: AppDeps, principal: Principal, id: string): Promise<void> {
  const { orgId } = principal;
  return withTenant(deps.pool, orgId, async (db) => {
    if (!(await deleteMachine(db, orgId, id))) throw machineNotFound();
    await refreshMachineAndTagUsage(db, orgId);
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'machine.delete', targetType: 'machine', targetId: id });
  });
}
