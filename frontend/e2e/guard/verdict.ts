// What the guards call a failure, and how they print what they saw.
import type { RawResponse } from './http.ts';

export interface Failure {
  route: string;
  part: string;
  field: string;
  kind: string;
  status: number;
  problem: string;
  excerpt: string;
}

/** The body as a reader of a log can see it: control characters escaped, cut short. */
export const excerpt = (text: string, max = 160): string => {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut).slice(1, -1);
};

/** The standard error body: `{ success: false, message, error, code, requestId }`, each a non-empty string. */
export const errorShapeProblem = (json: unknown): string | undefined => {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'error body is not a JSON object';
  const b = json as Record<string, unknown>;
  const missing = [
    b.success === false ? undefined : 'success:false',
    ...(['message', 'error', 'code', 'requestId'] as const).map((k) => (typeof b[k] === 'string' && (b[k] as string).length > 0 ? undefined : k)),
  ].filter(Boolean);
  return missing.length ? `error body lacks ${missing.join(', ')}` : undefined;
};

/** Undefined when the answer is acceptable for bad input: a 2xx that wrote nothing (checked apart) or a 4xx with the standard body. */
export const answerProblem = (r: RawResponse): string | undefined => {
  if (r.status === 0) return `no HTTP answer (${r.error ?? 'connection closed'})`;
  if (r.status >= 500) return `server error ${r.status}`;
  if (r.status >= 400) return errorShapeProblem(r.json);
  if (r.status >= 200 && r.status < 300) return undefined;
  return `unexpected status ${r.status}`;
};

export const printFailures = (title: string, failures: Failure[]): string => {
  const seen = new Set<string>();
  const distinct = failures.filter((f) => {
    const key = [f.route, f.part, f.field, f.kind, f.status, f.problem].join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const lines = distinct.map((f) => `  ${f.route} | ${f.part} ${f.field} | ${f.kind} | ${f.status} | ${f.problem} | ${f.excerpt}`);
  return `${title}: ${distinct.length} distinct failure(s)${lines.length ? `\n${lines.join('\n')}` : ''}`;
};

export const histogram = (statuses: number[]): string =>
  [...statuses.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<number, number>())]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
