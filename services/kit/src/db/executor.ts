import type { Kysely, Transaction } from 'kysely';

/** Where a query runs: the pool or an open transaction. Repositories take one as their first argument. */
export type Executor<DB> = Kysely<DB> | Transaction<DB>;
