import swagger from '@fastify/swagger';
import type { RouteContract } from '@akhada/contracts';
import Fastify from 'fastify';
import { createJsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/** An OpenAPI 3.1 document (kept loose: it is produced by @fastify/swagger and only served). */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths?: Record<string, Record<string, Record<string, unknown>>> };

export interface OpenApiOptions {
  title: string;
  version?: string;
  description?: string;
  routes: readonly (RouteContract & { name?: string })[];
  /** Put in front of every path: the gateway's merged document is `/api/...`, a service's own is as it listens. */
  pathPrefix?: string;
}

/** The first path segment names the group a route is listed under (auth, members, notifications, public). */
const tagOf = (path: string): string => path.split('/').filter(Boolean)[0] ?? 'root';

/**
 * The OpenAPI 3.1 document of a set of route contracts, made by @fastify/swagger with the zod type provider's
 * transform: the routes are registered on a throw-away Fastify instance (never listening) and documented from their
 * params, query, body and responses schemas, with the contract's `summary` and `description`. Protected routes carry
 * the bearer-token security requirement.
 */
export const openApiDocument = async ({ title, version = '1.0.0', description, routes, pathPrefix = '' }: OpenApiOptions): Promise<OpenApiDocument> => {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title, version, ...(description ? { description } : {}) },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Schemas with a preprocess step (empty form fields count as absent) have no JSON Schema input side: any.
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  for (const r of routes) {
    app.route({
      method: r.method,
      url: `${pathPrefix}${r.path}`,
      schema: {
        ...(r.params ? { params: r.params } : {}),
        ...(r.query ? { querystring: r.query } : {}),
        ...(r.body ? { body: r.body } : {}),
        response: r.responses,
        ...(r.summary ? { summary: r.summary } : {}),
        ...(r.description ? { description: r.description } : {}),
        ...(r.name ? { operationId: r.name } : {}),
        tags: [tagOf(r.path)],
        security: r.auth ? [{ bearer: [] }] : [],
      },
      handler: async () => ({}),
    });
  }
  await app.ready();
  const doc = app.swagger() as unknown as OpenApiDocument;
  await app.close();
  return doc;
};
