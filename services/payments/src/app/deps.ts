import type { HttpDeps } from '@akhada/kit';
import type { Kysely } from 'kysely';
import type { PaymentsDb } from '../db/schema.ts';

/** What the use cases need; each takes `Pick<PaymentsDeps, ...>` of it. */
export interface PaymentsDeps {
  db: Kysely<PaymentsDb>;
  clock: () => Date;
}

/** What buildApp needs: the HTTP side (logger, verifier, readiness) and the use cases' dependencies. */
export interface AppDeps extends HttpDeps, PaymentsDeps {}
