import type { EventDefinition, EventEnvelope } from '@akhada/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';

export interface EventMetadata {
  orgId: string;
  locationId?: string | undefined;
  actorId?: string | undefined;
  correlationId: string;
  causationId: string;
}

export const newId = (): string => uuidv7();

/** Wraps a payload in the integration envelope, validating it against its contract first. */
export const makeEnvelope = <TType extends string, TData extends z.ZodType>(
  def: EventDefinition<TType, TData>,
  args: { aggregateId: string; occurredAt: string; data: z.input<TData>; eventId?: string } & EventMetadata,
): EventEnvelope<z.infer<TData>> => {
  const env: EventEnvelope<z.infer<TData>> = {
    eventId: args.eventId ?? uuidv7(),
    type: def.type,
    version: def.version,
    occurredAt: args.occurredAt,
    orgId: args.orgId,
    aggregateId: args.aggregateId,
    correlationId: args.correlationId,
    causationId: args.causationId,
    data: def.data.parse(args.data),
  };
  if (args.locationId) env.locationId = args.locationId;
  if (args.actorId) env.actorId = args.actorId;
  return env;
};
