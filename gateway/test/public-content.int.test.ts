import { ErrorBody, LandingContent, publicRoutes } from '@akhada/contracts';
import { createLogger, type TokenVerifier } from '@akhada/kit';
import type { FastifyInstance } from 'fastify';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/build-app.ts';
import { DEFAULT_LANDING_CONTENT_DIR } from '../src/public-content.ts';
import { routeTable } from '../src/route-table.ts';

/** The landing route is public; any bearer check here is a test failure, so the stub refuses every token. */
const verifier: TokenVerifier = {
  verify: async () => {
    throw Object.assign(new Error('Please sign in to continue'), { status: 401, code: 'UNAUTHENTICATED' });
  },
};
const logger = createLogger('gateway-test', 'warn');

let app: FastifyInstance;
let upstream: Server;
const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  // A stand-in for the auth service, to see what the gateway forwards under /api/public.
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ success: true, data: { enquiryId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }, message: 'ok' }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const port = (upstream.address() as AddressInfo).port;
  app = await buildGateway({ logger, verifier, routes: routeTable({ AUTH_URL: `http://127.0.0.1:${port}` }), authRateLimitPerMinute: 1000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await new Promise((r) => upstream?.close(r));
});

const landing = async (lang?: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/public/landing${lang === undefined ? '' : `?lang=${encodeURIComponent(lang)}`}` });
  expect(res.statusCode, res.body).toBe(200);
  return { res, content: publicRoutes.landing.responses[200].parse(res.json()).data };
};

/** Every string leaf with its path and the key that holds it. */
const strings = (v: unknown, path = '', key = ''): { path: string; key: string; value: string }[] => {
  if (typeof v === 'string') return [{ path, key, value: v }];
  if (Array.isArray(v)) return v.flatMap((x, i) => strings(x, `${path}[${i}]`, key));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => strings(x, path ? `${path}.${k}` : k, k));
  return [];
};
/** Ids, icon names, image paths, colours and figures such as "50+" are the same in both languages. */
const NEUTRAL = new Set(['id', 'icon', 'src', 'backgroundColor', 'borderColor', 'textColor', 'value']);
/** Names that stay in Latin letters in Hindi copy (brands, acronyms). The product itself is written अखाड़ा. */
const LATIN_IN_HINDI = new Set(['WhatsApp', 'UPI', 'GST', 'CGST', 'SGST', 'IGST', 'QR', 'Excel', 'ERP', 'Razorpay', 'SSL', 'SMS', 'API', 'Google']);
const DEVANAGARI = /[\u0900-\u097F]/;

describe('GET /api/public/landing', () => {
  it('answers English by default and both languages parse with the contract', async () => {
    const byDefault = await landing();
    expect(byDefault.content.lang).toBe('en');
    expect((await landing('en')).content).toEqual(byDefault.content);
    const hi = await landing('hi');
    expect(hi.content.lang).toBe('hi');
    expect(hi.res.headers['content-type']).toMatch(/^application\/json/);
    // the contract's own refinements pass (plans, comparison sums, unique ids, banner contrast)
    expect(LandingContent.safeParse(hi.content).success).toBe(true);
  });

  it('sells exactly the plans of Version B, with their prices in paise and their limits', async () => {
    for (const lang of ['en', 'hi']) {
      const { content } = await landing(lang);
      expect(content.plans.map((p) => [p.id, p.pricePaise, p.limits.members, p.limits.trainers, p.popular])).toEqual([
        ['free', 0, 14, 2, false],
        ['mini', 99_900, 25, 1, false],
        ['starter', 199_900, 50, 2, true],
        ['pro', 500_000, 150, 5, false],
        ['enterprise', 1_000_000, null, null, false],
      ]);
      const enterprise = content.plans.find((p) => p.id === 'enterprise')!;
      expect(enterprise.features.some((f) => f.startsWith('450+'))).toBe(true);
      expect(enterprise.features.some((f) => f.startsWith('10+'))).toBe(true);
      expect(content.plans.find((p) => p.id === 'free')!.period).toMatch(/14/);
    }
    const en = (await landing('en')).content;
    expect(en.plans.map((p) => p.name)).toEqual(['Free Trial', 'Mini Starter', 'Starter', 'Pro', 'Enterprise']);
    expect(en.plans.map((p) => p.cta)).toEqual(['Start Free Trial', 'Get Started', 'Get Started', 'Get Started', 'Contact Sales']);
    expect(en.plans[0]!.features).toEqual(expect.arrayContaining(['All Pro features for 14 days', 'Up to 14 members', 'Up to 2 trainers', 'Email support']));
  });

  it("carries the spec's comparison figures and marketing claims", async () => {
    for (const lang of ['en', 'hi']) {
      const { content } = await landing(lang);
      const tab = (id: string) => content.comparison.tabs.find((t) => t.id === id)!;
      expect(content.comparison.tabs.map((t) => t.id)).toEqual(['excel', 'akhada', 'enterprise']);
      expect(tab('excel').total).toMatchObject({ amountPaise: 2_050_000, orMore: false });
      expect(tab('akhada').total).toMatchObject({ amountPaise: 199_900, orMore: false });
      expect(tab('akhada').highlighted).toBe(true);
      expect(content.comparison.saving.amountPaise).toBe(1_850_100);
      expect(tab('enterprise').costs[0]).toMatchObject({ amountPaise: 5_000_000, orMore: true });
      expect(tab('enterprise').total).toMatchObject({ amountPaise: 9_000_000, orMore: true });
      // the prose says the same figures, en-IN formatted, in both languages
      expect(tab('excel').costLine).toContain('₹20,500');
      expect(tab('akhada').costLine).toContain('₹1,999');
      expect(content.comparison.saving.label).toContain('₹18,501');
      expect(tab('enterprise').costLine).toMatch(/₹50,000\+.*₹90,000\+/);
      expect(Object.fromEntries(content.claims.stats.map((s) => [s.id, s.value]))).toEqual({
        gyms: '50+',
        support: '24/7',
        onboarding: '40%',
        on_time_payments: '90%',
        time_saved: '70%',
        market_growth: '10%',
      });
      expect(content.trustBadges.map((b) => b.id)).toEqual(['payments_secured', 'whatsapp_business', 'ssl_secured']);
      expect(content.problems).toHaveLength(4);
      expect(content.features).toHaveLength(6);
      expect(content.screenshots.map((s) => s.src)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/landing/screenshot-${n}.webp`));
    }
  });

  it('has every string translated on the Hindi page, and no Hindi on the English one', async () => {
    const en = strings((await landing('en')).content);
    const hi = strings((await landing('hi')).content);
    expect(hi.map((s) => s.path)).toEqual(en.map((s) => s.path));
    const untranslated: string[] = [];
    hi.forEach((h, i) => {
      const e = en[i]!;
      if (h.key === 'lang') return;
      if (NEUTRAL.has(h.key)) {
        if (h.value !== e.value) untranslated.push(`${h.path}: language-neutral value differs (${e.value} / ${h.value})`);
        return;
      }
      if (h.value === e.value) untranslated.push(`${h.path}: same as English ("${h.value}")`);
      if (!DEVANAGARI.test(h.value)) untranslated.push(`${h.path}: no Devanagari ("${h.value}")`);
      const latin = (h.value.match(/[A-Za-z]+/g) ?? []).filter((w) => !LATIN_IN_HINDI.has(w));
      if (latin.length) untranslated.push(`${h.path}: English words left (${latin.join(', ')})`);
      if (DEVANAGARI.test(e.value)) untranslated.push(`${e.path}: Devanagari on the English page`);
    });
    expect(untranslated).toEqual([]);
  });

  it('refuses any language but en and hi with a clear 400', async () => {
    for (const lang of ['fr', 'EN', '', 'hi-IN']) {
      const res = await app.inject({ method: 'GET', url: `/api/public/landing?lang=${lang}` });
      expect(res.statusCode, `lang=${lang}`).toBe(400);
      const body = ErrorBody.parse(res.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message).toMatch(/lang must be "en" or "hi"/);
      expect(body.details?.[0]?.path).toBe('lang');
    }
  });

  it('is cacheable for 5 minutes, with an ETag per language that answers 304', async () => {
    const en = (await landing('en')).res;
    const hi = (await landing('hi')).res;
    expect(en.headers['cache-control']).toBe('public, max-age=300');
    const etag = en.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(hi.headers.etag).not.toBe(etag);
    expect((await landing('en')).res.headers.etag).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.inject({ method: 'GET', url: '/api/public/landing?lang=en', headers: { 'if-none-match': ifNoneMatch } });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
    const stale = await app.inject({ method: 'GET', url: '/api/public/landing?lang=hi', headers: { 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
  });

  it('is compressed with brotli or gzip when the client accepts it, each encoding with its own ETag', async () => {
    const plain = (await landing('en')).res;
    const br = await app.inject({ method: 'GET', url: '/api/public/landing?lang=en', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await app.inject({ method: 'GET', url: '/api/public/landing?lang=en', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    const etags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(etags.size).toBe(3);
    const notModified = await app.inject({
      method: 'GET',
      url: '/api/public/landing?lang=en',
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    const refused = await app.inject({ method: 'GET', url: '/api/public/landing?lang=en', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('is rate-limited like the other public routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/landing' });
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(1000);
  });
});

describe('/api/public/contact', () => {
  it('goes to the auth service without a bearer token, other /api/public paths do not', async () => {
    seen.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/contact',
      payload: { name: 'Asha', email: 'asha@example.in', message: 'Please call me about the Pro plan.', topic: 'sales' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/public/contact' });
    expect(seen[0]!.headers['x-forwarded-for']).toBeTruthy();
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ topic: 'sales' });

    const other = await app.inject({ method: 'GET', url: '/api/public/enquiries' });
    expect(other.statusCode).toBe(401);
    expect(seen).toHaveLength(1);
  });
});

describe('startup with bad landing content', () => {
  const dirs: string[] = [];
  const copy = (edit: (lang: 'en' | 'hi', json: any) => void) => {
    const dir = mkdtempSync(join(tmpdir(), 'akhada-landing-'));
    dirs.push(dir);
    cpSync(DEFAULT_LANDING_CONTENT_DIR, dir, { recursive: true });
    for (const lang of ['en', 'hi'] as const) {
      const file = join(dir, `landing.${lang}.json`);
      const json = JSON.parse(readFileSync(file, 'utf8'));
      edit(lang, json);
      writeFileSync(file, JSON.stringify(json));
    }
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const start = (landingContentDir: string) => buildGateway({ logger, verifier, routes: [], landingContentDir });

  it('refuses to start and names the file and field that are wrong', async () => {
    const badColour = copy((lang, j) => {
      if (lang === 'hi') j.banner.textColor = 'white';
    });
    await expect(start(badColour)).rejects.toThrow(/landing\.hi\.json does not match the LandingContent contract:\n {2}- banner\.textColor: Use a hex colour/);

    const unreadable = copy((lang, j) => {
      if (lang === 'en') j.banner.textColor = '#A0522D'; // sienna on burnt orange: unreadable
    });
    await expect(start(unreadable)).rejects.toThrow(/landing\.en\.json[\s\S]*banner\.textColor: Text colour contrast/);

    const wrongPrice = copy((lang, j) => {
      if (lang === 'en') j.plans[2].pricePaise = 149_900;
    });
    await expect(start(wrongPrice)).rejects.toThrow(/plans\[2\]\.pricePaise: starter costs 199900 paise/);

    const missingPlan = copy((_lang, j) => {
      j.plans = j.plans.filter((p: { id: string }) => p.id !== 'mini');
    });
    await expect(start(missingPlan)).rejects.toThrow(/plans/);
  });

  it('refuses languages that disagree on facts translation must keep', async () => {
    const drift = copy((lang, j) => {
      if (lang === 'hi') {
        j.testimonials[0].membersCount = 999;
        j.features[0].icon = 'globe';
        j.showcase.bullets.pop();
      }
    });
    const err = await start(drift).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/landing\.en\.json and landing\.hi\.json disagree/);
    expect((err as Error).message).toMatch(/testimonials\[0\]\.membersCount: 180 in one language, 999 in the other/);
    expect((err as Error).message).toMatch(/features\[0\]\.icon/);
    expect((err as Error).message).toMatch(/showcase\.bullets: 4 items in one language, 3 in the other/);
  });

  it('says what is missing or broken', async () => {
    const noHindi = copy(() => {});
    rmSync(join(noHindi, 'landing.hi.json'));
    await expect(start(noHindi)).rejects.toThrow(/landing\.hi\.json cannot be read[\s\S]*LANDING_CONTENT_DIR/);
    const broken = copy(() => {});
    writeFileSync(join(broken, 'landing.en.json'), '{ "lang": "en", ');
    await expect(start(broken)).rejects.toThrow(/landing\.en\.json is not valid JSON/);
    const swapped = copy((lang, j) => {
      j.lang = lang === 'en' ? 'hi' : 'en';
    });
    await expect(start(swapped)).rejects.toThrow(/says "lang": "hi"; it must be "en"/);
  });
});
