import useSWR from 'swr';
import {
  machineListResponseSchema,
  machineResponseSchema,
  machineWithTokenResponseSchema,
  type MachineCreate,
  type MachineUpdate,
} from '@taktwerk/common';
import { apiFetch, apiFetcher, type ApiKey, type ResponseParser } from '../../app/api-client';

export const MACHINES_KEY: ApiKey = ['/machines'];
const fetchMachines = apiFetcher(machineListResponseSchema);
/** DELETE answers 204 without a body. */
export const noContent: ResponseParser<void> = { parse: () => undefined };

/** GET /machines; refreshed every 30 s so online status and current values stay current. */
export function useMachines() {
  return useSWR(MACHINES_KEY, fetchMachines, { refreshInterval: 30_000 });
}

export const createMachine = (input: MachineCreate) =>
  apiFetch('/machines', machineWithTokenResponseSchema, { method: 'POST', body: input });

export const updateMachine = (id: string, input: MachineUpdate) =>
  apiFetch(`/machines/${id}`, machineResponseSchema, { method: 'PATCH', body: input });

export const rotateMachineToken = (id: string) => apiFetch(`/machines/${id}/token`, machineWithTokenResponseSchema, { method: 'POST' });

export const deleteMachine = (id: string) => apiFetch(`/machines/${id}`, noContent, { method: 'DELETE' });
