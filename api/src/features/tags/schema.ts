import { conflict } from '../../http/errors';

export {
  machineIdParamsSchema,
  tagConfigCreateSchema,
  tagConfigListResponseSchema,
  tagConfigResponseSchema,
  tagConfigUpdateSchema,
  tagIdParamsSchema,
} from '@taktwerk/common';

const UNIQUE_VIOLATION = '23505';

/** Aliases are unique per machine, ignoring case (tag_configs_machine_alias_key): a clash is the caller's 409. */
export function aliasClash(error: unknown): Error | null {
  const code = (error as { code?: unknown } | null)?.code;
  return code === UNIQUE_VIOLATION ? conflict('A tag with this alias already exists on this machine.', 'tag_alias_taken') : null;
}
