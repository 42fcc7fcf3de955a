import { topicOf, type EventDefinition } from '@akhada/contracts';
import { enqueue, makeEnvelope, type EventMetadata } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuthDb } from './schema.ts';

/**
 * Identity is plain tables, but every change still goes out as an integration event through the outbox, in the
 * transaction of the change. Metadata comes from the kit's `metadataOf`.
 */
export const publish = <TType extends string, TData extends z.ZodType>(
  trx: Transaction<AuthDb>,
  def: EventDefinition<TType, TData>,
  aggregateId: string,
  data: z.input<TData>,
  meta: EventMetadata,
  occurredAt: Date,
) => enqueue(trx, topicOf('auth'), makeEnvelope(def, { ...meta, aggregateId, occurredAt: occurredAt.toISOString(), data }));
