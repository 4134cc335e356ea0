import type { MachineListResponse, MachineResponse, MachineWithTokenResponse } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import {
  MACHINE_READ,
  MACHINE_WRITE,
  machineCreateSchema,
  machineIdParamsSchema,
  machineListResponseSchema,
  machineResponseSchema,
  machineUpdateSchema,
  machineWithTokenResponseSchema,
} from './schema';
import { createOrgMachine, deleteOrgMachine, getOrgMachine, listOrgMachines, rotateOrgMachineToken, updateOrgMachine } from './service';

export function registerMachineRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/machines',
    summary: "The organization's machines with tag counts and the latest values of up to 3 enabled tags",
    tag: 'machines',
    auth: signedIn(MACHINE_READ),
    responses: { 200: machineListResponseSchema },
    async handler({ principal, deps }): Promise<MachineListResponse> {
      return { machines: await listOrgMachines(deps, principal.orgId) };
    },
  });

  api.add({
    method: 'post',
    path: '/machines',
    summary: 'Add a machine (within the plan limit); the answer carries its token, shown this once',
    tag: 'machines',
    auth: signedIn(MACHINE_WRITE),
    body: machineCreateSchema,
    responses: { 201: machineWithTokenResponseSchema },
    async handler({ principal, body, deps }): Promise<MachineWithTokenResponse> {
      return createOrgMachine(deps, principal, body);
    },
  });

  api.add({
    method: 'get',
    path: '/machines/:machineId',
    summary: 'One machine',
    tag: 'machines',
    auth: signedIn(MACHINE_READ),
    params: machineIdParamsSchema,
    responses: { 200: machineResponseSchema },
    async handler({ principal, params, deps }): Promise<MachineResponse> {
      return { machine: await getOrgMachine(deps, principal.orgId, params.machineId) };
    },
  });

  api.add({
    method: 'patch',
    path: '/machines/:machineId',
    summary: "Edit a machine's name, description or location",
    tag: 'machines',
    auth: signedIn(MACHINE_WRITE),
    params: machineIdParamsSchema,
    body: machineUpdateSchema,
    responses: { 200: machineResponseSchema },
    async handler({ principal, params, body, deps }): Promise<MachineResponse> {
      return { machine: await updateOrgMachine(deps, principal.orgId, params.machineId, body) };
    },
  });

  api.add({
    method: 'post',
    path: '/machines/:machineId/token',
    summary: 'Rotate the machine token; the new token is shown this once and the old one stops working',
    tag: 'machines',
    auth: signedIn(MACHINE_WRITE),
    params: machineIdParamsSchema,
    responses: { 200: machineWithTokenResponseSchema },
    async handler({ principal, params, deps }): Promise<MachineWithTokenResponse> {
      return rotateOrgMachineToken(deps, principal, params.machineId);
    },
  });

  api.add({
    method: 'delete',
    path: '/machines/:machineId',
    summary: 'Delete a machine with its tags and agent configuration',
    tag: 'machines',
    auth: signedIn(MACHINE_WRITE),
    params: machineIdParamsSchema,
    responses: { 204: null },
    async handler({ principal, params, deps }) {
      await deleteOrgMachine(deps, principal, params.machineId);
    },
  });
}
