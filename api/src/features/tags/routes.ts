import type { TagConfigListResponse, TagConfigResponse } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { MACHINE_READ, MACHINE_WRITE } from '../machines/schema';
import {
  machineIdParamsSchema,
  tagConfigCreateSchema,
  tagConfigListResponseSchema,
  tagConfigResponseSchema,
  tagConfigUpdateSchema,
  tagIdParamsSchema,
} from './schema';
import { createMachineTag, deleteMachineTag, listMachineTags, updateMachineTag } from './service';

export function registerTagRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/machines/:machineId/tags',
    summary: "A machine's tag configurations",
    tag: 'tags',
    auth: signedIn(MACHINE_READ),
    params: machineIdParamsSchema,
    responses: { 200: tagConfigListResponseSchema },
    async handler({ principal, params, deps }): Promise<TagConfigListResponse> {
      return { tags: await listMachineTags(deps, principal.orgId, params.machineId) };
    },
  });

  api.add({
    method: 'post',
    path: '/machines/:machineId/tags',
    summary: 'Add a tag configuration (within the plan tag limit)',
    tag: 'tags',
    auth: signedIn(MACHINE_WRITE),
    params: machineIdParamsSchema,
    body: tagConfigCreateSchema,
    responses: { 201: tagConfigResponseSchema },
    async handler({ principal, params, body, deps }): Promise<TagConfigResponse> {
      return { tag: await createMachineTag(deps, principal.orgId, params.machineId, body) };
    },
  });

  api.add({
    method: 'patch',
    path: '/machines/:machineId/tags/:tagId',
    summary: 'Edit a tag configuration',
    tag: 'tags',
    auth: signedIn(MACHINE_WRITE),
    params: tagIdParamsSchema,
    body: tagConfigUpdateSchema,
    responses: { 200: tagConfigResponseSchema },
    async handler({ principal, params, body, deps }): Promise<TagConfigResponse> {
      return { tag: await updateMachineTag(deps, principal.orgId, params.machineId, params.tagId, body) };
    },
  });

  api.add({
    method: 'delete',
    path: '/machines/:machineId/tags/:tagId',
    summary: 'Delete a tag configuration',
    tag: 'tags',
    auth: signedIn(MACHINE_WRITE),
    params: tagIdParamsSchema,
    responses: { 204: null },
    async handler({ principal, params, deps }) {
      await deleteMachineTag(deps, principal.orgId, params.machineId, params.tagId);
    },
  });
}
