import { allRouteContracts } from '@akhada/contracts';
import { openApiDocument, type OpenApiDocument } from '@akhada/kit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The merged OpenAPI 3.1 document of the whole API as the browser sees it (every contract, under /api). */
export const mergedApiDocument = (): Promise<OpenApiDocument> =>
  openApiDocument({
    title: 'Akhada API',
    description: 'Every route of the product as the gateway serves it. Protected routes take `Authorization: Bearer <token>` from `POST /api/auth/login`.',
    routes: allRouteContracts.map((r) => ({ ...r.contract, name: r.name })),
    pathPrefix: '/api',
  });

/** Swagger UI and the document (`<prefix>/json`) at `prefix`, in its own scope so it documents only the given document. */
export const registerApiDocs = async (app: FastifyInstance, prefix: string, document: OpenApiDocument): Promise<void> => {
  await app.register(async (scope) => {
    await scope.register(swagger, { mode: 'static', specification: { document: document as never } });
    // No CSP of its own (its default upgrades requests to https): the public edge's helmet policy covers it, and it has no inline script.
    await scope.register(swaggerUi, { routePrefix: prefix });
  });
};
