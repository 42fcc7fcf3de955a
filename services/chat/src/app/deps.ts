import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { ObjectStorage } from '@akhada/kit/storage';
import type { LinkSigner } from '../adapters/link-signer.ts';
import type { ChatDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<ChatDeps, ...>` of it. */
export interface ChatDeps {
  db: Kysely<ChatDb>;
  clock: () => Date;
  /** Attachment bytes (a local folder in development; S3-compatible by configuration). */
  storage: ObjectStorage;
  /** Short-lived signed attachment links. */
  signer: LinkSigner;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness, directory) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, ChatDeps {}
