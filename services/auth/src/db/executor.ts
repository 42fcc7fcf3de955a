import type { Kysely, Transaction } from 'kysely';

export type Executor<DB> = Kysely<DB> | Transaction<DB>;
