import { z } from 'zod';

/** Database settings shared by every service's env module (api, worker, the db scripts). */
export const databaseEnvShape = {
  DATABASE_URL: z.url().default('postgres://taktwerk_app@127.0.0.1:5432/taktwerk'),
  DATABASE_OWNER_URL: z.url().default('postgres://taktwerk_owner@127.0.0.1:5432/taktwerk'),
  DATABASE_ADMIN_URL: z.url().default('postgres://postgres@127.0.0.1:5432/postgres'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
};

export const databaseEnvSchema = z.object(databaseEnvShape);
export type DatabaseEnv = z.infer<typeof databaseEnvSchema>;

export function databaseUrls(env: DatabaseEnv) {
  return { adminUrl: env.DATABASE_ADMIN_URL, ownerUrl: env.DATABASE_OWNER_URL, appUrl: env.DATABASE_URL };
}

/** The db scripts' own env module entry (migrate, seed); services parse the shape within their env.ts. */
export function loadDatabaseEnv(source: NodeJS.ProcessEnv = process.env): DatabaseEnv {
  return databaseEnvSchema.parse(source);
}
