import { errorResponseSchema } from '@taktwerk/common';
import { z } from 'zod';
import type { RouteDoc } from './http/route';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** OpenAPI 3.1 document generated from the same zod schemas that validate each route. */
export function buildOpenApi(routes: RouteDoc[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = schema
        ? { description: status, content: { 'application/json': { schema: toSchema(schema, 'output') } } }
        : { description: status };
    }
    responses.default = { description: 'Error', content: { 'application/json': { schema: toSchema(errorResponseSchema, 'output') } } };
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      security: route.auth.kind === 'public' ? [] : [{ bearer: [] }],
      ...(route.auth.kind === 'user' && route.auth.permission ? { 'x-permission': route.auth.permission } : {}),
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Taktwerk API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
