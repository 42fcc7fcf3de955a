import { topicOf, type EventDefinition } from '@akhada/contracts';
import { enqueue, makeEnvelope, type EventMetadata } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { ChatDb } from './schema.ts';

const TOPIC = topicOf('chat');

/**
 * Writes a chat event to the outbox in the caller's transaction, keyed by the conversation (one partition per
 * conversation: the hub delivers a conversation's events in the order they were committed).
 */
export const announce = <T extends string, D extends z.ZodType<{ conversationId: string }>>(
  trx: Transaction<ChatDb>,
  def: EventDefinition<T, D>,
  meta: EventMetadata,
  occurredAt: Date,
  data: z.input<D> & { conversationId: string },
): Promise<void> => enqueue(trx, TOPIC, makeEnvelope(def, { ...meta, aggregateId: data.conversationId, occurredAt: occurredAt.toISOString(), data }));
