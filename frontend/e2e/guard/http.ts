// A raw HTTP client for the guards: exact bytes, any header, chunked or not, from a chosen local address. fetch()
// cannot send a malformed body with a lying content type, refuses some headers and always sets its own framing.
import http from 'node:http';
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** Path and query after the origin, sent as written (so a bad %-escape stays bad). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
  token?: string;
  /** Overrides the client's timeout. */
  timeoutMs?: number;
}

export interface RawResponse {
  /** 0 when the connection ended without an HTTP answer (reset, timeout). */
  status: number;
  text: string;
  json: unknown;
  headers: http.IncomingHttpHeaders;
  /** Why there was no answer, when status is 0. */
  error?: string;
  /**
   * What became of the body: all sent, or "stuck" (answered, then the server neither read the rest nor closed the
   * connection, so a client reusing it would wait for ever).
   */
  upload?: 'sent' | 'stuck';
}

const CHUNK = 64 * 1024;

export interface RawClient {
  /** Sends on the client's shared keep-alive pool. */
  send(req: RawRequest): Promise<RawResponse>;
  /** Requests sent so far. */
  readonly count: number;
  close(): void;
}

/**
 * `localAddress` picks the source address on the loopback (127.0.0.0/8): the gateway sees it as the client's address,
 * so per-address throttles (sign-in failures, contact enquiries) triggered by the guard stay with the guard.
 */
export const rawClient = (origin: string, { localAddress, timeoutMs = 15_000 }: { localAddress?: string; timeoutMs?: number } = {}): RawClient => {
  const base = new URL(origin);
  const shared = new http.Agent({ keepAlive: true, maxSockets: 16, ...(localAddress ? { localAddress } : {}) });
  let count = 0;
  const send = (req: RawRequest): Promise<RawResponse> =>
    new Promise((resolve) => {
      count++;
      const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
      const headers: Record<string, string> = { ...(req.token ? { authorization: `Bearer ${req.token}` } : {}), ...req.headers };
      if (body && !req.chunked) headers['content-length'] = String(body.length);
      if (body && req.chunked) headers['transfer-encoding'] = 'chunked';
      let settled = false;
      const done = (r: RawResponse) => {
        if (settled) return;
        settled = true;
        resolve(r);
      };
      const timeout = req.timeoutMs ?? timeoutMs;
      const request = http.request({ host: base.hostname, port: base.port, method: req.method, path: req.path, headers, agent: shared, timeout }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) =>
          done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), json: undefined, headers: res.headers, error: err.message }),
        );
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          done({ status: res.statusCode ?? 0, text, json, headers: res.headers });
        });
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeout} ms`)));
      // A server may answer (413) and close while the body is still going out: the answer, when it came, is what counts.
      request.on('error', (err) =>
        done({ status: 0, text: '', json: undefined, headers: {}, error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.trim() }),
      );
      if (!body) {
        request.end();
        return;
      }
      if (!req.chunked) {
        request.end(body);
        return;
      }
      let offset = 0;
      const pump = () => {
        while (offset < body.length) {
          const next = body.subarray(offset, offset + CHUNK);
          offset += next.length;
          if (!request.write(next)) {
            request.once('drain', pump);
            return;
          }
        }
        request.end();
      };
      pump();
    });
  return {
    send,
    get count() {
      return count;
    },
    close: () => shared.destroy(),
  };
};

/** Runs `work` over `items` with at most `concurrency` at a time, keeping the order of the results. */
export const mapLimit = async <T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
};

/**
 * Bytes written as they are on a new connection (`Connection: close` expected in them): for framing no HTTP client
 * would produce (a malformed chunk, both Content-Length and Transfer-Encoding, a control character in the request
 * line). Reads the answer until the server closes.
 */
export const rawSocket = (
  origin: string,
  bytes: string | Buffer,
  { localAddress, timeoutMs = 5_000 }: { localAddress?: string; timeoutMs?: number } = {},
): Promise<RawResponse> =>
  new Promise((resolve) => {
    const base = new URL(origin);
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: base.hostname, port: Number(base.port), ...(localAddress ? { localAddress } : {}) });
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const all = Buffer.concat(chunks).toString('latin1');
      const head = all.split('\r\n\r\n')[0] ?? '';
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      let body = all.slice(head.length + 4);
      if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
        let out = '';
        for (let rest = body; ;) {
          const m = /^([0-9a-fA-F]+)\r\n/.exec(rest);
          if (!m || m[1] === '0') break;
          const n = parseInt(m[1]!, 16);
          out += rest.slice(m[0].length, m[0].length + n);
          rest = rest.slice(m[0].length + n + 2);
        }
        body = out;
      }
      const text = Buffer.from(body, 'latin1').toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      resolve({ status, text, json, headers: {}, ...(status === 0 ? { error: error ?? 'connection closed without an answer' } : {}) });
    };
    socket.setTimeout(timeoutMs, () => finish(`no answer within ${timeoutMs} ms`));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => finish());
    socket.on('error', (err) => finish(err.message));
    socket.on('connect', () => socket.write(bytes));
  });

const CRLF = '\r\n';

/** The bytes of an HTTP/1.1 request; `chunked` encodes the body in 64 KiB chunks. */
const serialize = (host: string, req: RawRequest): { head: Buffer; body: Buffer[] } => {
  const headers: Record<string, string> = { host, ...(req.token ? { authorization: `Bearer ${req.token}` } : {}), ...req.headers };
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const parts: Buffer[] = [];
  if (body && req.chunked) {
    headers['transfer-encoding'] = 'chunked';
    for (let i = 0; i < body.length; i += CHUNK) {
      const piece = body.subarray(i, i + CHUNK);
      parts.push(Buffer.concat([Buffer.from(`${piece.length.toString(16)}${CRLF}`), piece, Buffer.from(CRLF)]));
    }
    parts.push(Buffer.from(`0${CRLF}${CRLF}`));
  } else if (body) {
    headers['content-length'] = String(body.length);
    for (let i = 0; i < body.length; i += CHUNK) parts.push(body.subarray(i, i + CHUNK));
  }
  const head = `${req.method} ${req.path} HTTP/1.1${CRLF}${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}${CRLF}`)
    .join('')}${CRLF}`;
  return { head: Buffer.from(head, 'latin1'), body: parts };
};

/** One complete response at the start of `buf`, or undefined while it is incomplete (`closed`: no more bytes will come). */
const parseResponse = (buf: Buffer, closed: boolean): { response: RawResponse; consumed: number } | undefined => {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = buf.subarray(0, end).toString('latin1').split(CRLF);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
  const headers: http.IncomingHttpHeaders = {};
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let body: Buffer;
  let consumed: number;
  const start = end + 4;
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) {
    body = Buffer.alloc(0);
    consumed = start;
  } else if (/chunked/i.test(String(headers['transfer-encoding'] ?? ''))) {
    const pieces: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = buf.indexOf(CRLF, at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(buf.subarray(at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) return undefined;
      if (size === 0) {
        const trailerEnd = buf.indexOf(CRLF, lineEnd + 2);
        if (trailerEnd < 0) return undefined;
        consumed = trailerEnd + 2;
        break;
      }
      if (buf.length < lineEnd + 2 + size + 2) return undefined;
      pieces.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(pieces);
  } else if (headers['content-length'] !== undefined) {
    const n = Number(headers['content-length']);
    if (buf.length < start + n) return undefined;
    body = buf.subarray(start, start + n);
    consumed = start + n;
  } else {
    if (!closed) return undefined;
    body = buf.subarray(start);
    consumed = buf.length;
  }
  const text = body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { response: { status, text, json, headers }, consumed };
};

export interface Exchange {
  first: RawResponse;
  /** The answer to `next`, sent on the same connection after the first answer, when the connection stayed open. */
  next?: RawResponse;
  /** Whether the server closed the connection after the first answer (then `next` is not sent). */
  closed: boolean;
}

/**
 * A request whose body the server may refuse early (oversize, broken), then `next` on the same connection, as a
 * browser reusing a keep-alive connection would send it. Reads the answer while still uploading, stops uploading when
 * the server says it closes, and reports an upload the server neither reads nor ends (`first.upload: 'stuck'`).
 */
export const exchange = (
  origin: string,
  first: RawRequest,
  next: RawRequest | undefined,
  {
    localAddress,
    timeoutMs = 15_000,
    drainMs = 3_000,
    nextTimeoutMs = 5_000,
  }: { localAddress?: string; timeoutMs?: number; drainMs?: number; nextTimeoutMs?: number } = {},
): Promise<Exchange> =>
  new Promise((resolve) => {
    const base = new URL(origin);
    const host = base.host;
    const req = serialize(host, first);
    let buf = Buffer.alloc(0);
    let closed = false;
    let uploaded = false;
    let firstAnswer: RawResponse | undefined;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: base.hostname, port: Number(base.port), ...(localAddress ? { localAddress } : {}) });
    const finish = (x: Exchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(x);
    };
    const noAnswer = (error: string): RawResponse => ({ status: 0, text: '', json: undefined, headers: {}, error });
    const arm = (ms: number, onTimeout: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(onTimeout, ms);
    };
    const sendNext = () => {
      if (!next || !firstAnswer) return finish({ first: { ...firstAnswer!, upload: 'sent' }, closed });
      const n = serialize(host, next);
      socket.write(Buffer.concat([n.head, ...n.body]));
      arm(nextTimeoutMs, () => finish({ first: { ...firstAnswer!, upload: 'sent' }, next: noAnswer(`no answer within ${nextTimeoutMs} ms`), closed: false }));
    };
    const onFirst = (r: RawResponse) => {
      firstAnswer = r;
      if (/close/i.test(String(r.headers.connection ?? '')) || closed) return finish({ first: r, closed: true });
      if (uploaded) return sendNext();
      // Answered before the body was all sent, and the connection stays open: the server must still take the rest.
      arm(drainMs, () => finish({ first: { ...r, upload: 'stuck' }, closed: false }));
    };
    const parse = () => {
      for (;;) {
        const p = parseResponse(buf, closed);
        if (!p) return;
        buf = buf.subarray(p.consumed);
        if (p.response.status >= 100 && p.response.status < 200) continue;
        if (!firstAnswer) onFirst(p.response);
        else return finish({ first: { ...firstAnswer, upload: 'sent' }, next: p.response, closed: false });
        if (settled) return;
      }
    };
    socket.on('data', (c: Buffer) => {
      buf = Buffer.concat([buf, c]);
      parse();
    });
    socket.on('end', () => {
      closed = true;
      parse();
      if (!firstAnswer) return finish({ first: noAnswer('connection closed without an answer'), closed: true });
      if (next && uploaded) return finish({ first: { ...firstAnswer, upload: 'sent' }, next: noAnswer('connection closed without an answer'), closed: true });
      finish({ first: firstAnswer, closed: true });
    });
    socket.on('error', (err) => {
      // A reset while uploading is how some servers refuse a body; what was answered before it still counts.
      closed = true;
      parse();
      if (!firstAnswer) return finish({ first: noAnswer(`${(err as NodeJS.ErrnoException).code ?? err.message}`), closed: true });
      finish({ first: firstAnswer, closed: true });
    });
    socket.on('connect', () => {
      arm(timeoutMs, () => finish({ first: firstAnswer ?? noAnswer(`no answer within ${timeoutMs} ms`), closed }));
      socket.write(req.head);
      let i = 0;
      const pump = () => {
        while (i < req.body.length) {
          // Stop uploading once the server said it closes the connection; keep going on keep-alive (it must drain).
          if (settled || closed) return;
          const ok = socket.write(req.body[i++]!);
          if (!ok) return void socket.once('drain', pump);
        }
        socket.write(Buffer.alloc(0), () => {
          uploaded = true;
          if (firstAnswer && !settled) sendNext();
        });
      };
      pump();
    });
  });
