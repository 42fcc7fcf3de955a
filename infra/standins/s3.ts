// A local stand-in for an S3-compatible object store (development and tests), on 127.0.0.1:<port>, path-style:
//   PUT    /{bucket}/{key}   → 200 with ETag (the bytes and Content-Type kept in memory)
//   GET    /{bucket}/{key}   → the bytes with their Content-Type, or 404 <Error><Code>NoSuchKey</Code>…
//   HEAD   /{bucket}/{key}   → the headers only (404 without a body when missing)
//   DELETE /{bucket}/{key}   → 204 (also when missing, as S3 does)
//   GET    /healthz          → { ok: true, service: 'akhada-s3-standin', objects: n }
// Every object request is checked as S3 checks it, with AWS Signature Version 4 — either in the Authorization header
// (what the SDK sends) or in the query (a presigned URL: X-Amz-Expires is enforced, 403 AccessDenied "Request has
// expired" after it). A wrong key or signature answers 403 SignatureDoesNotMatch / InvalidAccessKeyId. Buckets exist
// when named in `buckets` (others answer 404 NoSuchBucket). Only what Akhada uses is here: no multipart, no listing.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

export interface S3Standin {
  port: number;
  endpoint: string;
  /** The object count, for tests that check a remove. */
  size(): number;
  stop(): Promise<void>;
}

export interface S3StandinOptions {
  port?: number;
  host?: string;
  buckets?: string[];
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The stand-in's clock (tests move it to see a presigned URL refused after its expiry). */
  clock?: () => Date;
}

export const S3_STANDIN_DEFAULTS = { bucket: 'akhada-dev', accessKeyId: 'akhada-standin', secretAccessKey: 'akhada-standin-secret-key', region: 'ap-south-1' };

const SERVICE = 'akhada-s3-standin';
const MAX_OBJECT = 50 * 1024 * 1024;

/** RFC 3986 encoding as SigV4 wants it (the characters encodeURIComponent leaves alone but AWS does not). */
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** 20261125T045700Z → Date */
const amzDate = (s: string): Date | null => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
};

type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

/** Checks a request's SigV4 signature (header or presigned query) against the one key pair the stand-in knows. */
const verify = (req: http.IncomingMessage, url: URL, body: Buffer, keys: { accessKeyId: string; secretAccessKey: string }, now: Date): Verdict => {
  const deny = (code: string, message: string, status = 403): Verdict => ({ ok: false, status, code, message });
  const q = url.searchParams;
  const presigned = q.has('X-Amz-Signature');
  let credential: string, signedHeaders: string, signature: string, date: string, payloadHash: string;
  if (presigned) {
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return deny('AuthorizationQueryParametersError', 'Unsupported algorithm', 400);
    credential = q.get('X-Amz-Credential') ?? '';
    signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
    signature = q.get('X-Amz-Signature') ?? '';
    date = q.get('X-Amz-Date') ?? '';
    payloadHash = 'UNSIGNED-PAYLOAD';
    const expires = Number(q.get('X-Amz-Expires'));
    const signedAt = amzDate(date);
    if (!signedAt || !Number.isInteger(expires) || expires < 1 || expires > 604800)
      return deny('AuthorizationQueryParametersError', 'X-Amz-Date or X-Amz-Expires is not valid', 400);
    if (now.getTime() > signedAt.getTime() + expires * 1000) return deny('AccessDenied', 'Request has expired');
  } else {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(req.headers.authorization ?? '');
    if (!m) return deny('AccessDenied', 'Access Denied');
    [, credential, signedHeaders, signature] = m as unknown as [string, string, string, string];
    date = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    const signedAt = amzDate(date);
    if (!signedAt || Math.abs(now.getTime() - signedAt.getTime()) > 15 * 60_000)
      return deny('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && !payloadHash.startsWith('STREAMING-') && payloadHash !== sha256(body))
      return deny('XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.', 400);
  }
  const [accessKeyId, day, region, service, term] = credential.split('/');
  if (accessKeyId !== keys.accessKeyId) return deny('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!day || !region || service !== 's3' || term !== 'aws4_request' || !date.startsWith(day)) return deny('AccessDenied', 'Credential scope is not valid');

  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const headerLines = names.map((n) => {
    const v = req.headers[n];
    return `${n}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const rawPath = (req.url ?? '/').split('?')[0]!;
  const canonical = [req.method, rawPath, query, headerLines.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  const kDate = hmac(`AWS4${keys.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, region), 's3'), 'aws4_request');
  const want = Buffer.from(hmac(kSigning, toSign).toString('hex'));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got))
    return deny('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  return { ok: true };
};

export async function startS3Standin(o: S3StandinOptions = {}): Promise<S3Standin> {
  const host = o.host ?? '127.0.0.1';
  const buckets = new Set(o.buckets ?? [S3_STANDIN_DEFAULTS.bucket]);
  const keys = { accessKeyId: o.accessKeyId ?? S3_STANDIN_DEFAULTS.accessKeyId, secretAccessKey: o.secretAccessKey ?? S3_STANDIN_DEFAULTS.secretAccessKey };
  const clock = o.clock ?? (() => new Date());
  const objects = new Map<string, { bytes: Buffer; contentType: string; etag: string; modified: Date }>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const fail = (status: number, code: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'standin' });
      res.end(req.method === 'HEAD' ? undefined : xmlError(code, message));
    };
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ ok: true, service: SERVICE, objects: objects.size }));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_OBJECT) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_OBJECT) return fail(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      const body = Buffer.concat(chunks);
      const m = /^\/([^/]+)\/(.+)$/.exec(url.pathname);
      if (!m) return fail(400, 'InvalidRequest', 'Only path-style object requests are supported by the stand-in');
      const bucket = decodeURIComponent(m[1]!);
      const key = m[2]!.split('/').map(decodeURIComponent).join('/');
      const check = verify(req, url, body, keys, clock());
      if (!check.ok) return fail(check.status, check.code, check.message);
      if (!buckets.has(bucket)) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
      const id = `${bucket}/${key}`;
      const obj = objects.get(id);
      switch (req.method) {
        case 'PUT': {
          const etag = `"${createHash('md5').update(body).digest('hex')}"`;
          objects.set(id, { bytes: body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), etag, modified: clock() });
          res.writeHead(200, { etag });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!obj) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'content-type': obj.contentType,
            'content-length': String(obj.bytes.length),
            etag: obj.etag,
            'last-modified': obj.modified.toUTCString(),
          });
          return res.end(req.method === 'GET' ? obj.bytes : undefined);
        }
        case 'DELETE':
          objects.delete(id);
          res.writeHead(204);
          return res.end();
        default:
          return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    });
  });
  server.listen(o.port ?? 9100, host);
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    port,
    endpoint: `http://${host}:${port}`,
    size: () => objects.size,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
