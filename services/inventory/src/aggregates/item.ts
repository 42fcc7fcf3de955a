import { topicOf } from '@akhada/contracts';
import { defineAggregate } from '@akhada/kit';
import { itemDecider, itemStreamId } from '../domain/item/decider.ts';
import { projectItems } from '../projections/items.ts';

/**
 * The item aggregate: its decider and the read tables kept in step with it. Its integration events need the item's
 * state (name, quantity, location), so the projection, which holds it, writes them to the outbox.
 */
export const itemAggregate = defineAggregate({
  name: 'item',
  streamId: itemStreamId,
  decider: itemDecider,
  projections: [projectItems],
  toIntegrationEvents: () => [],
  topic: topicOf('inventory'),
});
