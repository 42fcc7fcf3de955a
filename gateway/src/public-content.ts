import { Language, LandingContent, publicRoutes } from '@akhada/contracts';
import type { App } from '@akhada/kit';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { compressOnce, pickEncoding } from './encoding.ts';

/** gateway/content: one operator-editable file per language, `landing.<lang>.json`. */
export const DEFAULT_LANDING_CONTENT_DIR = fileURLToPath(new URL('../content', import.meta.url));

/** One language's answer, serialized once at startup. */
export interface LandingDocument {
  content: LandingContent;
  body: string;
  etag: string;
  /** The body compressed once at startup, for clients that accept it (each with its own ETag). */
  encoded: { br: Buffer; gzip: Buffer };
}
export type LandingDocuments = Record<Language, LandingDocument>;

/** Strings that are the same in every language: ids, icon names, image paths, colours and figures such as "50+". */
const LANGUAGE_NEUTRAL_KEYS = new Set(['id', 'icon', 'src', 'backgroundColor', 'borderColor', 'textColor', 'value']);

/**
 * Differences between two languages' content that translation must not introduce: the shape (keys, list lengths),
 * the numbers and flags (prices, limits, ratings) and the language-neutral strings.
 */
export const factDifferences = (a: unknown, b: unknown, path = '', key = ''): string[] => {
  const at = path || '(root)';
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return [`${at}: a list in one language only`];
    if (a.length !== b.length) return [`${at}: ${a.length} items in one language, ${b.length} in the other`];
    return a.flatMap((x, i) => factDifferences(x, b[i], `${path}[${i}]`, key));
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    const keys = [...new Set([...ka, ...kb])];
    return keys.flatMap((k) => {
      if (!(k in a) || !(k in b)) return [`${path ? `${path}.` : ''}${k}: present in one language only`];
      return factDifferences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k, k);
    });
  }
  if (key === 'lang') return [];
  if (typeof a === 'string' && typeof b === 'string' && !LANGUAGE_NEUTRAL_KEYS.has(key)) return [];
  return a === b ? [] : [`${at}: ${JSON.stringify(a)} in one language, ${JSON.stringify(b)} in the other`];
};

const issuesText = (error: z.ZodError) =>
  error.issues
    .map(
      (i) =>
        `  - ${
          i.path.length
            ? i.path
                .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
                .join('.')
                .replace(/\.\[/g, '[')
            : '(root)'
        }: ${i.message}`,
    )
    .join('\n');

const readDocument = (dir: string, lang: Language): LandingDocument => {
  const file = join(dir, `landing.${lang}.json`);
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(
      `Landing content file ${file} cannot be read: ${(err as Error).message}. Set LANDING_CONTENT_DIR to the folder holding landing.en.json and landing.hi.json.`,
      { cause: err },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new Error(`Landing content file ${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  const parsed = LandingContent.safeParse(json);
  if (!parsed.success) throw new Error(`Landing content file ${file} does not match the LandingContent contract:\n${issuesText(parsed.error)}`);
  if (parsed.data.lang !== lang) throw new Error(`Landing content file ${file} says "lang": "${parsed.data.lang}"; it must be "${lang}"`);
  const body = JSON.stringify({ success: true, data: parsed.data });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { content: parsed.data, body, etag, encoded: compressOnce(body) };
};

/**
 * Reads and validates every language's landing content. Throws an error that names the file and each problem, so the
 * gateway refuses to start on a bad edit instead of serving a broken page. Edits take effect on restart.
 */
export const loadLandingContent = (dir: string = DEFAULT_LANDING_CONTENT_DIR): LandingDocuments => {
  const docs = Object.fromEntries(Language.options.map((lang) => [lang, readDocument(dir, lang)])) as LandingDocuments;
  const first = 'en' as const;
  const rest = Language.options.filter((l) => l !== first);
  for (const lang of rest) {
    const diffs = factDifferences(docs[first].content, docs[lang].content);
    if (diffs.length) {
      throw new Error(
        `Landing content files landing.${first}.json and landing.${lang}.json disagree on facts that translation must keep (prices, limits, ids, figures, list lengths):\n${diffs.map((d) => `  - ${d}`).join('\n')}`,
      );
    }
  }
  return docs;
};

/** `If-None-Match` with a list of tags (weak comparison, RFC 9110) or `*`. */
const matches = (header: string | undefined, etag: string): boolean =>
  !!header &&
  header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);

/** GET /api/public/landing?lang=en|hi, answered by the gateway itself: content only, no business rules. */
export const registerPublicContent = (app: App, { documents, rateLimitPerMinute }: { documents: LandingDocuments; rateLimitPerMinute: number }): void => {
  app.route({
    method: 'GET',
    url: `/api${publicRoutes.landing.path}`,
    schema: { querystring: publicRoutes.landing.query },
    config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
    handler: async (req, reply) => {
      const doc = documents[req.query.lang];
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const etag = encoding ? `${doc.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : doc.etag;
      reply.header('cache-control', 'public, max-age=300').header('vary', 'Accept-Encoding').header('etag', etag);
      if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      if (!encoding) return reply.send(doc.body);
      return reply.header('content-encoding', encoding).send(doc.encoded[encoding]);
    },
  });
};
