import type { HttpDeps, Logger } from '@akhada/kit';
import type { ObjectStorage } from '@akhada/kit/storage';
import type { Kysely } from 'kysely';
import type { Mailer } from '../adapters/mailer.ts';
import type { PasswordHasher } from '../adapters/password-hasher.ts';
import type { SecretBox } from '@akhada/kit';
import type { SigningKeys } from '../adapters/signing-keys.ts';
import type { AuthDb } from '../db/schema.ts';
import type { GoogleOidc } from '../adapters/google-oidc.ts';
import type { SmsSender } from '../adapters/sms-sender.ts';

/** Everything the auth use cases may need; each use case takes `Pick<AuthDeps, …>` of what it uses. */
export interface AuthDeps {
  db: Kysely<AuthDb>;
  clock: () => Date;
  keys: SigningKeys;
  passwords: PasswordHasher;
  /** Seals secrets kept at rest (authenticator secrets). */
  secrets: SecretBox;
  /** A new gym's join code candidate (random in production; a clash with an existing code is retried). */
  newJoinCode: () => string;
  mailer: Mailer;
  /** The public address of the app, for links in mails. */
  appUrl: string;
  logger: Logger;
  /** Profile pictures' bytes (a local folder in development; S3 by configuration). */
  storage: ObjectStorage;
  /** SMS codes (two-factor) go through the messaging provider; without it SMS codes are not offered. */
  sms?: SmsSender | undefined;
  /** Google sign-in, when the operator configured a client id; without it the button is hidden. */
  google?: GoogleOidc | undefined;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, AuthDeps {}

/**
 * The ids of an HTTP command that has no signed-in caller (registration, password reset, the contact form), for the
 * kit's `metadataOf`: this request's id, and the conversation's (the gateway's X-Correlation-Id, else the request id).
 */
export interface RequestIds {
  requestId: string;
  correlationId: string;
}
