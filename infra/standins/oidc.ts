// A local stand-in for Google's OpenID Connect provider (development and tests), on 127.0.0.1:<port>:
//   GET  /.well-known/openid-configuration → the discovery document (issuer http://127.0.0.1:<port>)
//   GET  /authorize?client_id&redirect_uri&response_type=code&scope&state&nonce&code_challenge&code_challenge_method=S256
//        → a tiny account chooser (the configured test accounts, or any email typed in, verified or not)
//   POST /authorize (form: the same parameters + email, name, email_verified) → 302 to redirect_uri?code&state
//   POST /token (authorization_code; client_secret_basic or _post; PKCE S256 checked) → { id_token (RS256), access_token … }
//   GET  /jwks → the signing key
//   GET  /healthz → { ok: true, service: 'akhada-oidc-standin' }
// Codes are good once and for a minute; the id_token carries iss, aud, sub, nonce, email, email_verified and the names.
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

export interface OidcTestAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface OidcStandin {
  port: number;
  /** The issuer URL (GOOGLE_ISSUER_URL). */
  url: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

const SERVICE = 'akhada-oidc-standin';
const HOST = '127.0.0.1';

export const OIDC_STANDIN_DEFAULTS = {
  port: 2527,
  clientId: 'akhada-dev-client.apps.googleusercontent.com',
  clientSecret: 'akhada-dev-client-secret',
  accounts: [
    { email: 'priya.sharma@gmail.example', name: 'Priya Sharma', emailVerified: true },
    { email: 'unverified.user@gmail.example', name: 'Unverified User', emailVerified: false },
  ] as OidcTestAccount[],
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

const readForm = async (req: http.IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(c as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string | null;
  account: OidcTestAccount;
  expiresAt: number;
}

export async function startOidcStandin({
  port = OIDC_STANDIN_DEFAULTS.port,
  clientId = OIDC_STANDIN_DEFAULTS.clientId,
  clientSecret = OIDC_STANDIN_DEFAULTS.clientSecret,
  accounts = OIDC_STANDIN_DEFAULTS.accounts,
  claims: tamper,
}: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  accounts?: OidcTestAccount[];
  /** Tests only: rewrites the id_token's claims before they are signed (a wrong iss, aud or exp). */
  claims?: (claims: Record<string, unknown>) => Record<string, unknown>;
} = {}): Promise<OidcStandin> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as Record<string, unknown>), kid, use: 'sig', alg: 'RS256' };
  const codes = new Map<string, IssuedCode>();
  let issuer = '';

  const idToken = (c: IssuedCode) => {
    const now = Math.floor(Date.now() / 1000);
    const [given, ...family] = c.account.name.split(' ');
    const claims = {
      iss: issuer,
      aud: c.clientId,
      azp: c.clientId,
      // A stable subject per email, as Google's is per account.
      sub: BigInt(`0x${createHash('sha256').update(c.account.email).digest('hex').slice(0, 15)}`).toString(),
      iat: now,
      exp: now + 3600,
      ...(c.nonce ? { nonce: c.nonce } : {}),
      email: c.account.email,
      email_verified: c.account.emailVerified,
      name: c.account.name,
      given_name: given ?? '',
      family_name: family.join(' '),
    };
    const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(tamper ? tamper(claims) : claims))}`;
    return `${input}.${b64url(sign('sha256', Buffer.from(input), privateKey))}`;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });

    if (url.pathname === '/.well-known/openid-configuration' && req.method === 'GET')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'nonce'],
      });
    if (url.pathname === '/jwks' && req.method === 'GET') return json(200, { keys: [jwk] });
    if (url.pathname === '/healthz' && req.method === 'GET') return json(200, { ok: true, service: SERVICE });

    if (url.pathname === '/authorize' && req.method === 'GET') {
      const p = url.searchParams;
      if (p.get('client_id') !== clientId) return oauthError(400, 'invalid_client', 'unknown client_id');
      if (p.get('response_type') !== 'code' || !p.get('redirect_uri'))
        return oauthError(400, 'invalid_request', 'response_type=code and redirect_uri are required');
      const hidden = [...p.entries()].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
      const choices = accounts
        .map(
          (a) =>
            `<form method="post" action="/authorize">${hidden}<input type="hidden" name="email" value="${escapeHtml(a.email)}"><input type="hidden" name="name" value="${escapeHtml(a.name)}"><input type="hidden" name="email_verified" value="${a.emailVerified}"><button type="submit" data-email="${escapeHtml(a.email)}">${escapeHtml(a.name)} &lt;${escapeHtml(a.email)}&gt;${a.emailVerified ? '' : ' (email not verified)'}</button></form>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Choose an account (OIDC stand-in)</title></head><body><h1>Choose an account</h1><p>Local stand-in for Google sign-in.</p>${choices}<h2>Another account</h2><form method="post" action="/authorize">${hidden}<label>Email <input name="email" type="email" required data-testid="oidc-email"></label><label>Name <input name="name" required data-testid="oidc-name"></label><label><input type="checkbox" name="email_verified" value="true" checked data-testid="oidc-verified"> Email verified</label><button type="submit" data-testid="oidc-continue">Continue</button></form></body></html>`,
      );
      return;
    }
    if (url.pathname === '/authorize' && req.method === 'POST') {
      readForm(req).then(
        (p) => {
          const redirectUri = p.get('redirect_uri');
          const email = p.get('email')?.trim().toLowerCase();
          if (p.get('client_id') !== clientId || !redirectUri || !email)
            return oauthError(400, 'invalid_request', 'client_id, redirect_uri and email are required');
          if (p.get('code_challenge') && p.get('code_challenge_method') !== 'S256') return oauthError(400, 'invalid_request', 'only S256');
          const code = b64url(randomBytes(24));
          codes.set(code, {
            clientId,
            redirectUri,
            nonce: p.get('nonce'),
            codeChallenge: p.get('code_challenge'),
            account: { email, name: p.get('name')?.trim() || email.split('@')[0]!, emailVerified: p.get('email_verified') === 'true' },
            expiresAt: Date.now() + 60_000,
          });
          const to = new URL(redirectUri);
          to.searchParams.set('code', code);
          if (p.get('state') !== null) to.searchParams.set('state', p.get('state')!);
          to.searchParams.set('iss', issuer);
          res.writeHead(302, { location: to.href, 'cache-control': 'no-store' });
          res.end();
        },
        () => oauthError(400, 'invalid_request', 'bad form'),
      );
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      readForm(req).then(
        (p) => {
          let id = p.get('client_id');
          let secret = p.get('client_secret');
          const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
          if (basic) {
            const [u, s] = Buffer.from(basic, 'base64').toString('utf8').split(':');
            id = decodeURIComponent(u ?? '');
            secret = decodeURIComponent(s ?? '');
          }
          if (id !== clientId || secret !== clientSecret) return oauthError(401, 'invalid_client', 'client authentication failed');
          if (p.get('grant_type') !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'authorization_code only');
          const code = p.get('code') ?? '';
          const issued = codes.get(code);
          codes.delete(code); // good once
          if (!issued || issued.expiresAt < Date.now()) return oauthError(400, 'invalid_grant', 'unknown, used or expired code');
          if (issued.redirectUri !== p.get('redirect_uri')) return oauthError(400, 'invalid_grant', 'redirect_uri mismatch');
          if (issued.codeChallenge) {
            const verifier = p.get('code_verifier') ?? '';
            if (b64url(createHash('sha256').update(verifier).digest()) !== issued.codeChallenge)
              return oauthError(400, 'invalid_grant', 'PKCE verification failed');
          }
          json(200, {
            access_token: b64url(randomBytes(24)),
            token_type: 'Bearer',
            expires_in: 3600,
            scope: 'openid email profile',
            id_token: idToken(issued),
          });
        },
        () => oauthError(400, 'invalid_request', 'bad form'),
      );
      return;
    }
    return json(404, {
      error: 'not found',
      routes: ['GET /.well-known/openid-configuration', 'GET|POST /authorize', 'POST /token', 'GET /jwks', 'GET /healthz'],
    });
  });
  server.listen(port, HOST);
  try {
    await once(server, 'listening');
  } catch (err) {
    throw new Error(`oidc stand-in: cannot listen on ${HOST}:${port}: ${(err as Error).message}`, { cause: err });
  }
  const a = server.address();
  const actual = a && typeof a === 'object' ? a.port : port;
  issuer = `http://${HOST}:${actual}`;
  return {
    port: actual,
    url: issuer,
    clientId,
    clientSecret,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** For the stack: the first free port from `port` (a second stack on the machine takes the next one). */
export async function startOidcStandinForStack({ port }: { port: number }): Promise<OidcStandin> {
  for (let p = port; ; p++) {
    try {
      return await startOidcStandin({ port: p });
    } catch (err) {
      const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code;
      if (code !== 'EADDRINUSE' || p >= port + 20) throw err;
    }
  }
}

/** The auth service's settings for Google sign-in against the stand-in. */
export const oidcStandinEnv = (s: OidcStandin): Record<string, string> => ({
  GOOGLE_ISSUER_URL: s.url,
  GOOGLE_CLIENT_ID: s.clientId,
  GOOGLE_CLIENT_SECRET: s.clientSecret,
});
