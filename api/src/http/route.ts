import { hasPermission } from '@taktwerk/common';
import express, { type Request, type Response } from 'express';
import type { z } from 'zod';
import type { AppDeps } from '../context';
import { authenticate } from './authenticate';
import { AppError, badRequest, forbidden } from './errors';
import type { Principal } from './principal';

type PublicRule = { kind: 'public' };
type UserRule = { kind: 'user'; permission?: string };
export type AuthRule = PublicRule | UserRule;
export const PUBLIC: PublicRule = { kind: 'public' };
export const signedIn = (permission?: string): UserRule => (permission ? { kind: 'user', permission } : { kind: 'user' });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface HandlerContext<P, Q, B, A extends AuthRule> {
  params: P;
  query: Q;
  body: B;
  principal: A extends { kind: 'user' } ? Principal : null;
  req: Request;
  res: Response;
  deps: AppDeps;
}

export interface RouteSpec<P, Q, B, A extends AuthRule> {
  method: Method;
  /** Express path below /api/v1, e.g. `/machines/:id`. */
  path: string;
  summary: string;
  tag: string;
  auth: A;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Status → response schema (null: no body). The first 2xx is the success status. */
  responses: Record<number, z.ZodType | null>;
  /** Validated, authenticated and authorized input in; the response body out (undefined → no content). */
  handler(ctx: HandlerContext<P, Q, B, A>): Promise<unknown>;
}

export interface RouteDoc {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  auth: AuthRule;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Record<number, z.ZodType | null>;
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: [where, ...i.path].join('.'), message: i.message }));
  throw badRequest(`Invalid ${where}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
}

const hasBody = (req: Request) => Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;

/**
 * Every api route goes through here: validate → authorize → handler (service + presenter). The same spec
 * feeds the OpenAPI document, so nothing is served that is not documented and validated.
 */
export class ApiRouter {
  readonly router = express.Router();
  readonly docs: RouteDoc[] = [];

  constructor(private readonly deps: AppDeps) {}

  add<P = undefined, Q = undefined, B = undefined, A extends AuthRule = AuthRule>(spec: RouteSpec<P, Q, B, A>): void {
    this.docs.push(spec as unknown as RouteDoc);
    const success = Number(Object.keys(spec.responses).find((s) => s.startsWith('2')) ?? 200);
    this.router[spec.method](spec.path, async (req: Request, res: Response) => {
      if (spec.body && hasBody(req) && !req.is('application/json'))
        throw new AppError(415, 'unsupported_media_type', 'Content-Type must be application/json.');
      const params = parse(spec.params, req.params, 'params');
      const query = parse(spec.query, req.query, 'query');
      const body = parse(spec.body, req.body, 'body');
      let principal: Principal | null = null;
      if (spec.auth.kind === 'user') {
        principal = await authenticate(req, this.deps);
        if (spec.auth.permission && !hasPermission(principal.role, principal.permissions, spec.auth.permission)) throw forbidden();
      }
      const ctx = { params, query, body, principal, req, res, deps: this.deps } as HandlerContext<P, Q, B, A>;
      const result = await spec.handler(ctx);
      if (res.headersSent) return;
      if (result === undefined) res.status(success === 200 ? 204 : success).end();
      else res.status(success).json(result);
    });
  }
}
