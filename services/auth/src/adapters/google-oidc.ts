import * as oidc from 'openid-client';

/** What a verified id_token says about the person. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface GoogleFlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Google sign-in (OpenID Connect, authorization code flow with PKCE, state and nonce). */
export interface GoogleOidc {
  /** A new flow's secrets and the authorization URL to send the browser to. */
  start(): Promise<GoogleFlowSecrets & { authorizationUrl: string }>;
  /**
   * Checks the callback (state, then the code exchanged with the PKCE verifier, the id_token's signature, issuer,
   * audience, nonce and expiry) and answers the identity. Throws GoogleStateMismatch for a foreign state,
   * GoogleCallbackRejected for a callback that does not check out, another error when Google could not be reached.
   */
  finish(callbackQuery: string, expected: GoogleFlowSecrets): Promise<GoogleIdentity>;
}

export class GoogleStateMismatch extends Error {}
/**
 * The callback itself did not check out: the id_token's claims (nonce, issuer, audience, expiry), the response's
 * issuer, a refused or spent code, or an error Google sent back. The client's fault (400), not Google's (502).
 */
export class GoogleCallbackRejected extends Error {}

/** openid-client's codes for a claim or attribute that is not what this flow expects, and Google's for a refused code. */
const REJECTED_CODES = new Set(['OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED', 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED']);
const REJECTED_GRANT_ERRORS = new Set(['invalid_grant', 'invalid_request']);

/** Whether openid-client's error is about the callback (400) rather than reaching or understanding Google (502). */
export const isRejectedCallback = (err: unknown): boolean => {
  if (err instanceof oidc.AuthorizationResponseError) return true;
  if (err instanceof oidc.ResponseBodyError) return REJECTED_GRANT_ERRORS.has(err.error);
  return err instanceof oidc.ClientError && typeof err.code === 'string' && REJECTED_CODES.has(err.code);
};

export interface GoogleOidcOptions {
  /** https://accounts.google.com in production; the local stand-in (infra/standins/oidc.ts) in development and tests. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The app's callback page, registered with the provider. */
  redirectUri: string;
}

const isLocal = (url: URL) => url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** openid-client (v6) against the issuer's discovery document, fetched once and kept. */
export const createGoogleOidc = (o: GoogleOidcOptions): GoogleOidc => {
  let config: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    const issuer = new URL(o.issuerUrl);
    config ??= oidc
      .discovery(issuer, o.clientId, o.clientSecret, undefined, isLocal(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((err: unknown) => {
        config = undefined; // the next sign-in tries the discovery again
        throw err;
      });
    return config;
  };
  return {
    async start() {
      const c = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(c, {
        redirect_uri: o.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { state, nonce, codeVerifier, authorizationUrl: url.href };
    },
    async finish(callbackQuery, expected) {
      const c = await configuration();
      const query = new URLSearchParams(callbackQuery.replace(/^\?/, ''));
      if (query.get('state') !== expected.state) throw new GoogleStateMismatch('state mismatch');
      const current = new URL(o.redirectUri);
      current.search = query.toString();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(c, current, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        if (isRejectedCallback(err)) throw new GoogleCallbackRejected('the callback did not check out', { cause: err });
        throw err;
      }
      const claims = tokens.claims();
      if (!claims) throw new Error('no id_token');
      const name = typeof claims.name === 'string' ? claims.name.trim() : '';
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '',
        emailVerified: claims.email_verified === true,
        givenName: typeof claims.given_name === 'string' ? claims.given_name : (name.split(' ')[0] ?? ''),
        familyName: typeof claims.family_name === 'string' ? claims.family_name : name.split(' ').slice(1).join(' '),
      };
    },
  };
};
