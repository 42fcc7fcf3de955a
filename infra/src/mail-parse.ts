// A minimal RFC 5322 / MIME reader for the SMTP sink: headers, RFC 2047 encoded words, quoted-printable and base64
// bodies, nested multiparts (text/plain preferred, text/html kept as a fallback). Not a general-purpose parser.

export interface ParsedMail {
  /** The From header, decoded (e.g. `Akhada <no-reply@akhada.in>`); '' when absent. */
  from: string;
  subject: string;
  /** The text/plain body (LF line ends, trailing blank lines trimmed); derived from the HTML when only HTML came. */
  text: string;
  html?: string;
  messageId?: string;
}

interface Entity {
  headers: Map<string, string>;
  /** The raw body as a binary (latin1) string: one char per byte. */
  body: string;
}

export function parseMail(raw: Buffer): ParsedMail {
  const root = parseEntity(raw.toString('latin1'));
  const found: { text?: string; html?: string } = {};
  collectBodies(root, found, 0);
  const header = (name: string) => decodeHeader(root.headers.get(name) ?? '');
  const html = found.html === undefined ? undefined : normalizeText(found.html);
  const text = found.text !== undefined ? normalizeText(found.text) : html !== undefined ? htmlToText(html) : '';
  const messageId = header('message-id') || undefined;
  return { from: header('from'), subject: header('subject'), text, ...(html !== undefined && { html }), ...(messageId && { messageId }) };
}

/** Decodes RFC 2047 encoded words (=?charset?B|Q?…?=), joining adjacent ones as the RFC says. */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  let out = '';
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  const flush = () => {
    if (pending) out += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const match of value.matchAll(word)) {
    const between = value.slice(last, match.index);
    // Whitespace between two encoded words is dropped; anything else ends the run.
    if (!(pending && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    const charset = (match[1] ?? 'utf-8').split('*')[0]!.toLowerCase();
    const encoded = match[3] ?? '';
    const bytes = match[2]!.toUpperCase() === 'B' ? Buffer.from(encoded, 'base64') : Buffer.from(decodeQuotedPrintable(encoded.replaceAll('_', ' ')), 'latin1');
    if (pending && pending.charset !== charset) flush();
    pending ??= { charset, bytes: [] };
    pending.bytes.push(bytes);
    last = match.index + match[0].length;
  }
  flush();
  return out + value.slice(last);
}

function parseEntity(source: string): Entity {
  let headerText: string;
  let body: string;
  const leadingBlank = /^\r?\n/.exec(source);
  if (leadingBlank) {
    headerText = '';
    body = source.slice(leadingBlank[0].length);
  } else {
    const split = /\r?\n\r?\n/.exec(source);
    headerText = split ? source.slice(0, split.index) : source;
    body = split ? source.slice(split.index + split[0].length) : '';
  }
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectBodies(entity: Entity, found: { text?: string; html?: string }, depth: number): void {
  if (depth > 10) return;
  const type = parseParams(entity.headers.get('content-type') ?? 'text/plain; charset=us-ascii');
  const disposition = parseParams(entity.headers.get('content-disposition') ?? '').value;
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary;
    if (!boundary) return;
    for (const part of splitMultipart(entity.body, boundary)) collectBodies(parseEntity(part), found, depth + 1);
    return;
  }
  if (disposition === 'attachment') return;
  if (type.value !== 'text/plain' && type.value !== 'text/html') return;
  const bytes = decodeTransfer(entity.body, entity.headers.get('content-transfer-encoding') ?? '7bit');
  const text = decodeCharset(bytes, type.params.charset ?? 'utf-8');
  if (type.value === 'text/plain') found.text ??= text;
  else found.html ??= text;
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith(delimiter)) {
      const rest = line.slice(delimiter.length);
      if (rest.startsWith('--')) {
        if (current) parts.push(current.join('\r\n'));
        return parts;
      }
      if (rest.trim() === '') {
        if (current) parts.push(current.join('\r\n'));
        current = [];
        continue;
      }
    }
    current?.push(line);
  }
  if (current) parts.push(current.join('\r\n')); // no closing delimiter: keep what came
  return parts;
}

/** `type/subtype; a=b; c="d"` → lower-cased value and parameters (names lower-cased, quotes removed). */
function parseParams(header: string): { value: string; params: Record<string, string> } {
  const value = header.split(';')[0] ?? '';
  const params: Record<string, string> = {};
  const re = /;\s*([^=\s;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.slice(value.length).matchAll(re)) {
    const raw = (match[2] ?? '').trim();
    params[match[1]!.toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  return { value: value.trim().toLowerCase(), params };
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(decodeQuotedPrintable(body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '')), 'latin1');
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** =XX escapes to bytes, as a binary string (soft line breaks must already be removed). */
function decodeQuotedPrintable(value: string): string {
  return value.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function decodeCharset(bytes: Buffer, charset: string): string {
  const label = charset.trim().toLowerCase();
  try {
    return new TextDecoder(label === 'us-ascii' || label === 'ascii' ? 'utf-8' : label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // unknown charset label
  }
}

/** Header value: raw 8-bit bytes read as UTF-8 (SMTPUTF8), then encoded words decoded. */
function decodeHeader(binary: string): string {
  return decodeEncodedWords(Buffer.from(binary, 'latin1').toString('utf8')).trim();
}

function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
}

function htmlToText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
