import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from '../logger.ts';
import { renderMetrics } from '../metrics/metrics.ts';
import { clientErrorHandler, frameworkErrorHandler } from './client-errors.ts';
import { problemBody } from './error-handler.ts';
import type { OpenApiDocument } from './openapi.ts';

/**
 * The operational endpoints of a process, on their own internal port (OPS_PORT; never the port the gateway proxies to
 * and never the public edge): `/health` (the process answers), `/ready` (its checks pass: 503 otherwise), `/metrics`
 * (Prometheus text) and `/docs/json` (the OpenAPI 3.1 document of its routes).
 */
export type OpsApp = FastifyInstance;

export const createOpsApp = ({
  name,
  logger,
  readiness,
  document,
}: {
  name: string;
  logger: Logger;
  readiness: Record<string, () => Promise<unknown>>;
  document?: () => Promise<OpenApiDocument>;
}): OpsApp => {
  const ops = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  ops.setNotFoundHandler((req, reply) => reply.status(404).send(problemBody(req.id, 'NOT_FOUND', `No operational endpoint at ${req.url.split('?')[0]}`)));

  ops.get('/health', async () => ({ status: 'ok', service: name }));
  ops.get('/ready', async (_req, reply) => {
    const results: Record<string, string> = {};
    let ok = true;
    await Promise.all(
      Object.entries(readiness).map(async ([k, check]) => {
        try {
          await check();
          results[k] = 'ok';
        } catch (err) {
          ok = false;
          results[k] = String((err as Error).message ?? err);
        }
      }),
    );
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', service: name, checks: results });
  });
  ops.get('/metrics', async (_req, reply) => {
    const { contentType, body } = await renderMetrics();
    return reply.type(contentType).send(body);
  });
  if (document) {
    let doc: Promise<OpenApiDocument> | undefined;
    ops.get('/docs/json', async () => {
      doc ??= document().catch((err: unknown) => {
        doc = undefined;
        throw err;
      });
      return doc;
    });
  }
  return ops;
};
