import { dataRoutes, EXPORT_PARTS, EXPORT_SOURCES, SERVICES, type ErrorBody, type ExportDataType, type ServiceName } from '@akhada/contracts';
import { bearerToken, problemBody, type App, type TokenVerifier } from '@akhada/kit';
import archiver from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { clientAddress, setEdgeCaller } from './rate-limit.ts';
import type { UpstreamRoute } from './route-table.ts';
import { sendUnavailable } from './unavailable.ts';

type DataType = Exclude<ExportDataType, 'all'>;

const problem = (req: { id: string }, code: ErrorBody['code'], message: string) => problemBody(req.id, code, message);

/** The service that owns a data type's export path (`/members/export` → members). */
const serviceOf = (path: string): ServiceName => path.split('/')[1] as ServiceName;

/**
 * GET /api/settings/export, answered by the gateway: every service streams its own export (its own rows, scoped by the
 * caller's token there, so the gateway decides nothing about whose rows are in it); the gateway forwards one type as
 * it streams, or zips every type entry by entry (archiver), one upstream at a time, so neither the gateway nor any
 * service ever holds a whole export in memory. A type without an export route yet (`EXPORT_SOURCES[type] === null`)
 * is a note in the zip, and a 404 on its own. A type of several files (`EXPORT_PARTS`, e.g. inventory's items, batches,
 * suppliers and sales) is asked for part by part (`?part=`): its entries in the zip are `<type>-<part>.<ext>`, and on
 * its own it is a zip of its parts.
 */
export const registerDataExport = (
  app: App,
  { routes, verifier, rateLimitPerMinute }: { routes: UpstreamRoute[]; verifier: TokenVerifier; rateLimitPerMinute: number },
): void => {
  const upstreamOf = (service: ServiceName) => routes.find((r) => r.prefix === SERVICES[service].prefix)!.upstream;

  const fetchExport = (req: FastifyRequest, type: DataType, format: string, part?: string) => {
    const path = EXPORT_SOURCES[type]!;
    // Attendance's export defaults to the last 30 days: the whole record is asked for (its contract allows 10 years back).
    const since = new Date();
    since.setUTCFullYear(since.getUTCFullYear() - 10, since.getUTCMonth(), since.getUTCDate() + 2);
    const range = (type === 'attendance' ? `&startDate=${since.toISOString().slice(0, 10)}` : '') + (part ? `&part=${part}` : '');
    return fetch(`${upstreamOf(serviceOf(path))}${path}?format=${format}${range}`, {
      headers: {
        authorization: req.headers.authorization ?? '',
        'x-request-id': req.id,
        'x-correlation-id': (req.headers['x-correlation-id'] as string | undefined) ?? req.id,
        'x-forwarded-for': clientAddress(req),
        'accept-language': req.headers['accept-language'] ?? 'en',
      },
      signal: AbortSignal.timeout(10 * 60_000),
    });
  };

  const bodyOf = (res: Response) => Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);

  app.route({
    method: 'GET',
    url: `/api${dataRoutes.settingsExport.path}`,
    schema: { querystring: dataRoutes.settingsExport.query },
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const token = bearerToken(req.headers.authorization);
      if (!token) return reply.status(401).send(problem(req, 'UNAUTHENTICATED', 'Please sign in to continue'));
      let role: string;
      try {
        const claims = await verifier.verify(token);
        setEdgeCaller(req, { userId: claims.sub, orgId: claims.org });
        role = claims.role;
      } catch (err) {
        if ((err as { status?: number }).status === 401) return reply.status(401).send(problem(req, 'UNAUTHENTICATED', (err as Error).message));
        throw err;
      }
      if (!(dataRoutes.settingsExport.roles as readonly string[]).includes(role))
        return reply.status(403).send(problem(req, 'FORBIDDEN', 'Only gym owners and admins, or a member for their own data, can export data'));
      const { dataType, format } = req.query as { dataType: ExportDataType; format: 'csv' | 'json' };

      if (dataType !== 'all' && !EXPORT_PARTS[dataType]) {
        if (!EXPORT_SOURCES[dataType]) return reply.status(404).send(problem(req, 'NOT_FOUND', `The ${dataType} export is not available yet`));
        const res = await fetchExport(req, dataType, format).catch(() => null);
        if (!res) return sendUnavailable(reply, `The ${dataType} export is not available right now. Please try again shortly.`);
        reply.status(res.status).type(res.headers.get('content-type') ?? 'application/octet-stream');
        const disposition = res.headers.get('content-disposition');
        if (disposition) reply.header('content-disposition', disposition);
        return reply.send(bodyOf(res));
      }

      if (dataType !== 'all') {
        // A type of several parts on its own: its parts are asked for before anything is sent, so a refusal is the
        // service's own answer (a member or trainer gets its 403), not a zip of notes.
        const first = await fetchExport(req, dataType, format, EXPORT_PARTS[dataType]![0]).catch(() => null);
        if (!first) return sendUnavailable(reply, `The ${dataType} export is not available right now. Please try again shortly.`);
        if (first.status !== 200)
          return reply
            .status(first.status)
            .type(first.headers.get('content-type') ?? 'application/json')
            .send(await first.text());
        await first.body?.cancel();
      }
      const zip = archiver('zip', { zlib: { level: 6 } });
      zip.on('warning', (err) => req.log.warn({ err }, 'export zip warning'));
      zip.on('error', (err) => req.log.error({ err }, 'export zip failed'));
      const own = role === 'member';
      const zipName = dataType !== 'all' ? dataType : own ? 'my-data' : 'akhada-export';
      reply.type('application/zip').header('content-disposition', `attachment; filename="${zipName}.zip"`).send(zip);
      // One entry at a time: the next service is asked only when the previous file is in the zip.
      const add = (source: string | Readable, name: string) => {
        const done = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
        zip.append(source, { name });
        return done;
      };
      const types = dataType === 'all' ? (Object.keys(EXPORT_SOURCES) as DataType[]) : [dataType];
      const entries = types.flatMap((type) => (EXPORT_PARTS[type] ?? [undefined]).map((part) => ({ type, part })));
      const refused = new Set<DataType>();
      for (const { type, part } of entries) {
        if (req.raw.destroyed) break;
        // A type refused (or not answering) once is not asked again for its other parts.
        if (refused.has(type)) continue;
        const name = part ? `${type}-${part}` : type;
        const note = (text: string) => {
          refused.add(type);
          return add(`${text}\n`, `${type}.unavailable.txt`);
        };
        if (!EXPORT_SOURCES[type]) {
          await note(`The ${type} export is not available yet.`);
          continue;
        }
        // Payments has CSV only: in the zip its file is CSV whatever the format asked for.
        const res = await fetchExport(req, type, type === 'payments' ? 'csv' : format, part).catch(() => null);
        if (!res) {
          await note(`The ${type} service did not answer; try again shortly.`);
          continue;
        }
        if (res.status !== 200) {
          const text = await res.text();
          let message = text;
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? text;
          } catch {
            // not JSON: the text as it is
          }
          await note(`The ${type} export was refused (${res.status}): ${message}`);
          continue;
        }
        const ext = (res.headers.get('content-type') ?? '').includes('json') ? 'json' : 'csv';
        await add(bodyOf(res), `${name}.${ext}`);
      }
      await zip.finalize();
      return reply;
    },
  });
};
