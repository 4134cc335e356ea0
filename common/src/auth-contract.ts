import { z } from 'zod';
import { BILLING_STATUSES, ROLES } from './constants';

export const loginRequestSchema = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  orgId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  planId: z.string().nullable(),
  billingStatus: z.enum(BILLING_STATUSES),
  trialEndsAt: z.string().nullable(),
  usageLimits: z.record(z.string(), z.number()),
  currentUsage: z.record(z.string(), z.number()),
});
export type Organization = z.infer<typeof organizationSchema>;

export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().describe('seconds until the access token expires'),
  user: userSchema,
  organization: organizationSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema, organization: organizationSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
