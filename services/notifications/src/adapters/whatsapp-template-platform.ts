/**
 * The WhatsApp Business Management API's templates (graph.facebook.com; the local stand-in in development and tests):
 * a gym's template is submitted per language to the business account (WABA) for review, edited by its template id,
 * and its review read back. The platform also tells its decisions by webhook (field message_template_status_update).
 */
export type PlatformReview = 'pending' | 'approved' | 'rejected';

export interface PlatformTemplate {
  id: string;
  language: string;
  status: PlatformReview;
  /** The platform's reason when rejected (e.g. INVALID_FORMAT); null otherwise. */
  reason: string | null;
}

export interface WhatsAppTemplatePlatform {
  /** Submits (or, when the name already has this language, edits) one language of a template; its review as the platform answers. */
  submit(t: { name: string; language: string; category: 'marketing' | 'utility'; body: string; examples: string[] }): Promise<PlatformReview>;
  /** Every language of a template the platform holds, with its review. */
  reviewsOf(name: string): Promise<PlatformTemplate[]>;
}

export interface WhatsAppTemplatePlatformOptions {
  baseUrl: string;
  version: string;
  wabaId: string;
  token: string;
  timeoutMs?: number;
}

const REVIEWS: Record<string, PlatformReview> = { APPROVED: 'approved', REJECTED: 'rejected', PENDING: 'pending', IN_APPEAL: 'pending' };
export const reviewOf = (status: string): PlatformReview => REVIEWS[status.toUpperCase()] ?? 'rejected';

/** The platform's error in plain words ("WhatsApp: (#100) Invalid parameter"). */
const failure = async (res: Response): Promise<Error> => {
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  return new Error(`WhatsApp: ${body.error?.message ?? `HTTP ${res.status}`}`);
};

export const createWhatsAppTemplatePlatform = (o: WhatsAppTemplatePlatformOptions): WhatsAppTemplatePlatform => {
  const base = `${o.baseUrl.replace(/\/+$/, '')}/${o.version}`;
  const call = (path: string, init: { method: 'GET' | 'POST'; body?: unknown }) =>
    fetch(`${base}${path}`, {
      method: init.method,
      headers: { authorization: `Bearer ${o.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
  const reviewsOf = async (name: string): Promise<PlatformTemplate[]> => {
    const res = await call(`/${o.wabaId}/message_templates?name=${encodeURIComponent(name)}`, { method: 'GET' });
    if (!res.ok) throw await failure(res);
    const body = (await res.json()) as { data?: { id?: unknown; name?: unknown; language?: unknown; status?: unknown; rejected_reason?: unknown }[] };
    return (body.data ?? [])
      .filter((t) => t.name === name && typeof t.id === 'string' && typeof t.language === 'string')
      .map((t) => ({
        id: t.id as string,
        language: t.language as string,
        status: reviewOf(String(t.status ?? '')),
        reason: typeof t.rejected_reason === 'string' && t.rejected_reason !== 'NONE' ? t.rejected_reason : null,
      }));
  };
  return {
    reviewsOf,
    async submit(t) {
      const components = [{ type: 'BODY', text: t.body, ...(t.examples.length ? { example: { body_text: [t.examples] } } : {}) }];
      const category = t.category.toUpperCase();
      const existing = (await reviewsOf(t.name)).find((x) => x.language === t.language);
      if (existing) {
        const res = await call(`/${existing.id}`, { method: 'POST', body: { category, components } });
        if (!res.ok) throw await failure(res);
        return 'pending';
      }
      const res = await call(`/${o.wabaId}/message_templates`, { method: 'POST', body: { name: t.name, language: t.language, category, components } });
      if (!res.ok) throw await failure(res);
      return reviewOf(String(((await res.json()) as { status?: unknown }).status ?? 'PENDING'));
    },
  };
};
