// The bad-input table: for a route contract, every request the guard sends — one field of a valid request broken in
// one way at a time (from the field's schema), plus the broken bodies any route must refuse. Deterministic: the same
// contracts give the same cases (only unique emails and "uuid of nothing" ids are random).
import type { RegisteredRoute } from '@akhada/contracts';
import { randomUUID } from 'node:crypto';
import { describeSchema, validSample, type FieldSpec, type SampleContext } from './samples.ts';

export interface BadCase {
  route: string;
  /** body, query, params or request (the whole request: framing, content type, size). */
  part: 'body' | 'query' | 'params' | 'request';
  /** Field path (`address.street`, `locationIds[0]`), or '-' for the whole request. */
  field: string;
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  chunked?: boolean;
}

/**
 * `policy`: bad whatever today's contract says (NUL, control and bidi characters, unbounded strings, dates outside a
 * sensible window — issue 8), so it is sent even when the schema accepts it. Every other value is sent only when the
 * route's schema refuses it: a blank optional field the contract treats as "not given" is not bad input.
 */
type Bad = ({ kind: string; value: unknown } | { kind: string; raw: string } | { kind: string; remove: true }) & { policy?: true };

const HUGE = 10_001;
const MiB = 1024 * 1024;
const NUL = '\u0000';
/** BEL and an ANSI colour escape: C0 control characters, which no text field needs (tab and newline aside). */
const CONTROL = '\u0007\u001b[31m';
/** RIGHT-TO-LEFT OVERRIDE: reverses how the text after it is shown (spoofed names, "Trojan source"). */
const BIDI = '\u202e';

const insertMiddle = (s: string, what: string) => s.slice(0, Math.ceil(s.length / 2)) + what + s.slice(Math.ceil(s.length / 2));
const asText = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : 'Guard');

const DATE_KINDS: Bad[] = [
  { kind: 'date: year 9999', value: '9999-12-31', policy: true },
  { kind: 'date: year 1899', value: '1899-12-31', policy: true },
  { kind: 'date: year 0000', value: '0000-01-01', policy: true },
  { kind: 'date: 30 February', value: '2026-02-30' },
  { kind: 'date: month 13', value: '2026-13-01' },
  { kind: 'date: not ISO', value: '31/12/2026' },
  { kind: 'date: date-time instead of date', value: '2026-01-01T00:00:00Z' },
  { kind: 'date: expanded year', value: '+275760-09-13' },
];
const DATE_TIME_KINDS: Bad[] = [
  { kind: 'date-time: year 9999', value: '9999-12-31T23:59:59Z', policy: true },
  { kind: 'date-time: year 1899', value: '1899-12-31T00:00:00Z', policy: true },
  { kind: 'date-time: 30 February', value: '2026-02-30T10:00:00Z' },
  { kind: 'date-time: hour 25', value: '2026-01-01T25:00:00Z' },
  { kind: 'date-time: no time', value: '2026-01-01' },
  { kind: 'date-time: words', value: 'tomorrow' },
];
const uuidKinds = (): Bad[] => [
  { kind: 'id: not a uuid', value: 'not-a-uuid' },
  { kind: 'id: a number', value: '123' },
  { kind: 'id: uuid of nothing', value: randomUUID() },
  { kind: 'id: nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { kind: 'id: sql', value: "' or '1'='1" },
];

/** Bad values of one field, from its schema; `base` is the field's valid value (or undefined when the sample leaves it out). */
const badValues = (spec: FieldSpec, base: unknown, required: boolean): Bad[] => {
  const out: Bad[] = [];
  if (required) out.push({ kind: 'missing', remove: true });
  if (!spec.nullable) out.push({ kind: 'null', value: null });
  const text = asText(base);
  switch (spec.type) {
    case 'string': {
      out.push(
        { kind: 'wrong type: number', value: 42 },
        { kind: 'wrong type: boolean', value: true },
        { kind: 'wrong type: array', value: [text] },
        { kind: 'wrong type: object', value: { value: text } },
      );
      if ((spec.minLength ?? 0) > 0 || spec.pattern || spec.format || spec.enum)
        out.push({ kind: 'empty', value: '' }, { kind: 'whitespace only', value: '   ' });
      out.push(
        { kind: `huge (${Math.max(HUGE, (spec.maxLength ?? 0) + 1)} chars)`, value: 'a'.repeat(Math.max(HUGE, (spec.maxLength ?? 0) + 1)), policy: true },
        { kind: 'NUL inside', value: insertMiddle(text, NUL), policy: true },
        { kind: 'NUL only', value: NUL, policy: true },
        { kind: 'control characters', value: insertMiddle(text, CONTROL), policy: true },
        { kind: 'bidi override (U+202E)', value: BIDI + text, policy: true },
      );
      if (spec.enum) {
        out.push({ kind: 'enum: unknown value', value: 'not-a-choice' }, { kind: 'enum: trailing space', value: `${String(spec.enum[0])} ` });
        const upper = String(spec.enum[0]).toUpperCase();
        if (upper !== spec.enum[0]) out.push({ kind: 'enum: other case', value: upper });
      } else if (spec.format === 'email') {
        out.push(
          { kind: 'email: no @', value: 'not-an-email' },
          { kind: 'email: no domain', value: 'guard@' },
          { kind: 'email: two @', value: 'a@b@example.in' },
        );
      } else if (spec.format === 'uuid') {
        out.push(...uuidKinds());
      } else if (spec.format === 'date') {
        out.push(...DATE_KINDS);
      } else if (spec.format === 'date-time') {
        out.push(...DATE_TIME_KINDS);
      } else if (spec.pattern) {
        out.push({ kind: 'pattern: letters and symbols', value: 'abc!{}<>' });
      }
      break;
    }
    case 'number':
    case 'integer': {
      out.push(
        { kind: 'wrong type: numeric string', value: String(spec.minimum ?? 1) },
        { kind: 'wrong type: "NaN"', value: 'NaN' },
        { kind: 'wrong type: boolean', value: true },
        { kind: 'wrong type: array', value: [1] },
        { kind: 'wrong type: object', value: {} },
        {
          kind: spec.minimum !== undefined ? `below minimum (${spec.minimum - 1})` : 'negative, far (-1e21)',
          value: spec.minimum !== undefined ? spec.minimum - 1 : -1e21,
        },
        {
          kind: spec.maximum !== undefined ? `above maximum (${spec.maximum + 1})` : 'huge (1e21)',
          value: spec.maximum !== undefined ? spec.maximum + 1 : 1e21,
        },
        { kind: 'huge (1e308)', value: 1e308 },
        { kind: 'overflow (1e999)', raw: '1e999' },
        { kind: 'beyond 2^53 (raw)', raw: '9007199254740993123' },
      );
      if (spec.type === 'integer') out.push({ kind: 'float where an integer is expected', value: (spec.minimum ?? 1) + 0.5 });
      break;
    }
    case 'boolean':
      out.push({ kind: 'wrong type: string', value: 'true' }, { kind: 'wrong type: number', value: 1 });
      break;
    case 'array': {
      out.push({ kind: 'wrong type: string', value: 'x' }, { kind: 'wrong type: object', value: {} });
      if ((spec.minItems ?? 0) > 0) out.push({ kind: 'empty array', value: [] });
      const first = Array.isArray(base) && base.length ? base[0] : 'x';
      const n = (spec.maxItems ?? HUGE - 1) + 1;
      out.push({ kind: `too many items (${n})`, value: Array.from({ length: n }, () => first) });
      break;
    }
    case 'object':
      out.push({ kind: 'wrong type: string', value: 'x' }, { kind: 'wrong type: array', value: [] });
      break;
    default:
      out.push({ kind: 'huge string', value: 'a'.repeat(HUGE), policy: true }, { kind: 'NUL inside', value: `a${NUL}b`, policy: true });
  }
  return out;
};

type PathKey = string | number;
const setAt = (root: unknown, path: PathKey[], bad: Bad, raws: string[]): unknown => {
  const copy = structuredClone(root) as Record<PathKey, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof node[k] !== 'object' || node[k] === null) node[k] = typeof k === 'number' ? [] : {};
    node = node[k] as Record<PathKey, unknown>;
  }
  const last = path[path.length - 1]!;
  if ('remove' in bad) delete node[last];
  else if ('raw' in bad) {
    node[last] = `__guard_raw_${raws.length}__`;
    raws.push(bad.raw);
  } else node[last] = bad.value;
  return copy;
};
const toJson = (value: unknown, raws: string[]) => raws.reduce((s, raw, i) => s.replace(`"__guard_raw_${i}__"`, raw), JSON.stringify(value));

/** Every field of a schema, depth first, with its path and its bad values. */
const fieldCases = (spec: FieldSpec, base: unknown, path: PathKey[] = []): { path: PathKey[]; bad: Bad }[] => {
  const out: { path: PathKey[]; bad: Bad }[] = [];
  if (spec.type === 'object') {
    const obj = (base && typeof base === 'object' ? base : {}) as Record<string, unknown>;
    for (const [k, p] of Object.entries(spec.properties ?? {})) {
      const here = [...path, k];
      for (const bad of badValues(p, obj[k], spec.required?.includes(k) ?? false)) out.push({ path: here, bad });
      if (p.type === 'object' || p.type === 'array') out.push(...fieldCases(p, obj[k], here));
    }
    if (spec.strict) out.push({ path: [...path, 'guardUnknownKey'], bad: { kind: 'unknown key in a strict object', value: 'x' } });
  } else if (spec.type === 'array' && spec.items) {
    const first = Array.isArray(base) ? base[0] : undefined;
    const here = [...path, 0];
    for (const bad of badValues(spec.items, first, true)) if (!('remove' in bad)) out.push({ path: here, bad });
    if (spec.items.type === 'object') out.push(...fieldCases(spec.items, first, here));
  }
  return out;
};
const showPath = (path: PathKey[]) => path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');

/** Query values as they travel: raw text after `name=`, percent-encoded where a client would encode. */
const queryValues = (spec: FieldSpec): { kind: string; raw: string }[] => {
  const enc = encodeURIComponent;
  const out = [
    { kind: 'empty', raw: '' },
    { kind: `huge (${HUGE} chars)`, raw: 'a'.repeat(HUGE) },
    { kind: 'NUL', raw: enc(`a${NUL}b`) },
    { kind: 'NUL only', raw: '%00' },
    { kind: 'control characters', raw: enc(`a${CONTROL}b`) },
    { kind: 'bidi override (U+202E)', raw: enc(`${BIDI}abc`) },
    { kind: 'bad %-escape (truncated UTF-8)', raw: '%E0%A4%A' },
    { kind: 'bad %-escape (not hex)', raw: '%ZZ' },
    { kind: 'invalid UTF-8 bytes', raw: '%FF%FE' },
  ];
  if (spec.type === 'integer' || spec.type === 'number') {
    for (const [kind, v] of [
      ['not a number', 'abc'],
      ['float where an integer is expected', '1.5'],
      ['negative', '-1'],
      ['zero', '0'],
      ['overflow (1e999)', '1e999'],
      ['NaN', 'NaN'],
      ['Infinity', 'Infinity'],
      ['beyond 2^64', '99999999999999999999999'],
      ['hexadecimal', '0x10'],
    ] as const)
      out.push({ kind, raw: enc(v) });
  }
  if (spec.enum) out.push({ kind: 'enum: unknown value', raw: 'not-a-choice' }, { kind: 'enum: other case', raw: enc(String(spec.enum[0]).toUpperCase()) });
  if (spec.format === 'uuid') for (const b of uuidKinds()) out.push({ kind: b.kind, raw: enc(String((b as { value: string }).value)) });
  if (spec.format === 'date') for (const b of DATE_KINDS) out.push({ kind: b.kind, raw: enc(String((b as { value: string }).value)) });
  return out;
};

/** Path parameter values, raw in the path. */
const paramValues = (): { kind: string; raw: string }[] => [
  ...uuidKinds().map((b) => ({ kind: b.kind, raw: encodeURIComponent(String((b as { value: string }).value)) })),
  { kind: 'NUL', raw: '%00' },
  { kind: 'uuid with NUL', raw: `${randomUUID()}%00` },
  { kind: 'control characters', raw: '%07%1B' },
  { kind: 'bidi override (U+202E)', raw: '%E2%80%AE' },
  { kind: `huge (${HUGE} chars)`, raw: 'a'.repeat(HUGE) },
  { kind: 'bad %-escape (truncated UTF-8)', raw: '%E0%A4%A' },
  { kind: 'bad %-escape (not hex)', raw: '%ZZ' },
  { kind: 'encoded traversal', raw: '..%2F..%2Fauth%2Fme' },
  { kind: 'double-encoded traversal', raw: '%252e%252e%252fauth' },
];

const JSON_TYPE = { 'content-type': 'application/json' };
const oversize = (bytes: number) => `{"pad":"${'a'.repeat(bytes)}"}`;

/** Everything the guard sends to one route. */
export const badCases = (r: RegisteredRoute, ctx: SampleContext): BadCase[] => {
  const c = r.contract;
  // Valid path values go into the path escaped (a text parameter may hold spaces or Devanagari); the bad ones below are raw on purpose.
  const params = c.params
    ? Object.fromEntries(Object.entries(validSample(c.params, r.name, ctx) as Record<string, unknown>).map(([k, v]) => [k, encodeURIComponent(String(v))]))
    : {};
  const query = c.query ? (validSample(c.query, r.name, ctx) as Record<string, unknown>) : undefined;
  const body = c.body ? validSample(c.body, r.name, ctx) : undefined;
  const pathWith = (p: Record<string, string>) => `/api${c.path.replace(/:([A-Za-z]+)/g, (_, k: string) => p[k] ?? randomUUID())}`;
  const qs = (q: Record<string, unknown>) => {
    const s = Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    return s ? `?${s}` : '';
  };
  const basePath = pathWith(params);
  const baseBody = body === undefined ? undefined : JSON.stringify(body);
  const cases: BadCase[] = [];
  const add = (x: Omit<BadCase, 'route' | 'method' | 'headers'> & { headers?: Record<string, string> }) =>
    cases.push({ route: r.name, method: c.method, headers: {}, ...x } as BadCase);

  if (c.body) {
    for (const { path, bad } of fieldCases(describeSchema(c.body), body)) {
      const raws: string[] = [];
      // A fresh valid body per case (its own unique email): one accepted case must not make the next a mere conflict.
      const fresh = validSample(c.body, r.name, ctx);
      const text = toJson(setAt(fresh, path, bad, raws), raws);
      if (!bad.policy && c.body.safeParse(JSON.parse(text)).success) continue;
      add({ part: 'body', field: showPath(path), kind: bad.kind, path: basePath + (query ? qs(query) : ''), headers: JSON_TYPE, body: text });
    }
  }
  if (c.query) {
    const spec = describeSchema(c.query);
    for (const [k, p] of Object.entries(spec.properties ?? {})) {
      const others = Object.entries(query ?? {})
        .filter(([name]) => name !== k)
        .map(([name, v]) => `&${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`)
        .join('');
      for (const v of queryValues(p))
        add({ part: 'query', field: k, kind: v.kind, path: `${basePath}?${k}=${v.raw}${others}`, headers: baseBody ? JSON_TYPE : {}, body: baseBody });
      add({ part: 'query', field: k, kind: 'repeated', path: `${basePath}?${k}=a&${k}=b${others}`, headers: baseBody ? JSON_TYPE : {}, body: baseBody });
      add({ part: 'query', field: k, kind: 'bracket notation', path: `${basePath}?${k}[x]=1${others}`, headers: baseBody ? JSON_TYPE : {}, body: baseBody });
    }
  }
  if (c.params) {
    for (const k of Object.keys(describeSchema(c.params).properties ?? {})) {
      for (const v of paramValues())
        add({ part: 'params', field: k, kind: v.kind, path: pathWith({ ...params, [k]: v.raw }), headers: baseBody ? JSON_TYPE : {}, body: baseBody });
    }
  }

  const withQuery = basePath + (query ? qs(query) : '');
  if (c.method === 'GET') {
    // A GET carries no body; junk in the query string of a route that reads none must still be harmless.
    add({ part: 'request', field: '-', kind: 'unknown query with NUL', path: `${withQuery}${withQuery.includes('?') ? '&' : '?'}guard%00=%00` });
    add({ part: 'request', field: '-', kind: 'unknown query with bad %-escape', path: `${withQuery}${withQuery.includes('?') ? '&' : '?'}guard=%E0%A4%A` });
    return cases;
  }
  // Bodies no route may accept: they fail before any handler runs, so they are sent to routes without a body too.
  const framing: [string, string | Buffer, Record<string, string>, boolean?][] = [
    ['broken JSON: truncated', '{"a":', JSON_TYPE],
    ['broken JSON: not JSON', '{not json}', JSON_TYPE],
    ['broken JSON: single quotes', "{'a': 1}", JSON_TYPE],
    ['empty body declared as JSON', '', JSON_TYPE],
    ['__proto__ key', '{"__proto__":{"polluted":true}}', JSON_TYPE],
    ['constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}', JSON_TYPE],
    ['wrong content type: form', 'a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['wrong content type: XML', '<a>1</a>', { 'content-type': 'application/xml' }],
    ['oversize 1.1 MiB (Content-Length)', oversize(1.1 * MiB), JSON_TYPE],
    ['oversize 1.1 MiB (chunked)', oversize(1.1 * MiB), JSON_TYPE, true],
    ['oversize 10 MiB (Content-Length)', oversize(10 * MiB), JSON_TYPE],
  ];
  if (c.body) {
    // Well-formed JSON that is not the body: only for routes that read one (a route without a body rightly ignores it).
    framing.push(
      ['JSON null', 'null', JSON_TYPE],
      ['JSON array', '[]', JSON_TYPE],
      ['JSON string', '"text"', JSON_TYPE],
      ['JSON number', '12', JSON_TYPE],
      ['deeply nested JSON (100,000 levels)', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, JSON_TYPE],
      ['valid body sent as text/plain', baseBody ?? '', { 'content-type': 'text/plain' }],
      ['valid body without a content type', baseBody ?? '', {}],
      ['JSON with invalid UTF-8 bytes', Buffer.concat([Buffer.from('{"guard":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]), JSON_TYPE],
    );
  }
  for (const [kind, b, headers, chunked] of framing)
    add({ part: 'request', field: '-', kind, path: withQuery, headers, body: b, ...(chunked ? { chunked } : {}) });
  return cases;
};

export interface FramingCase {
  kind: string;
  bytes: string;
}

/**
 * Framing Node's HTTP parser itself refuses, before any route (issue 8, finding 4): the answer must still be the
 * standard error body. Sent once to the gateway on a fresh connection each.
 */
export const framingCases = (host: string): FramingCase[] => [
  { kind: 'header too large (20 KB)', bytes: `GET /api/auth/me HTTP/1.1\r\nHost: ${host}\r\nX-Guard: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n` },
  { kind: 'request line too long (20 KB path)', bytes: `GET /api/members/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n` },
  {
    kind: 'malformed chunked body',
    bytes: `POST /api/public/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  },
  {
    kind: 'Content-Length and Transfer-Encoding together',
    bytes: `POST /api/public/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
  },
  { kind: 'control character in the request line', bytes: `GET /api/auth/me\u0001 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n` },
  { kind: 'not HTTP at all', bytes: 'HELLO\r\n\r\n' },
];
