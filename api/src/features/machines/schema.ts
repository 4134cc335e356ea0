export {
  machineCreateSchema,
  machineIdParamsSchema,
  machineListResponseSchema,
  machineResponseSchema,
  machineUpdateSchema,
  machineWithTokenResponseSchema,
} from '@taktwerk/common';

/** Reads need machine:read (members have it); changes need machine:write (owners, via machine:*). */
export const MACHINE_READ = 'machine:read';
export const MACHINE_WRITE = 'machine:write';
