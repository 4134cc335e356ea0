import type { Role } from './constants';

/**
 * Whether a granted permission pattern covers a required permission. Matching is by whole `:`-separated
 * segments: `org:*` covers `org:read` and `org:members:invite` but never `organization:read`; `*` alone covers all.
 */
export function patternCovers(pattern: string, required: string): boolean {
  const granted = pattern.split(':');
  const wanted = required.split(':');
  if (granted.at(-1) !== '*') return pattern === required;
  const prefix = granted.slice(0, -1);
  if (wanted.length <= prefix.length) return false;
  return prefix.every((segment, i) => segment === wanted[i]);
}

/** Admins pass every check; everyone else needs a granted pattern covering the permission. */
export function hasPermission(role: Role, granted: readonly string[], required: string): boolean {
  if (role === 'admin') return true;
  return granted.some((pattern) => patternCovers(pattern, required));
}
