import { z } from 'zod';

/**
 * The organization of events not tied to a gym (e.g. a website enquiry from a visitor). A fixed, well-known id, so the
 * envelope keeps `orgId` required; no real organization ever gets it (ids are random UUID v7).
 */
export const PLATFORM_ORG_ID = '00000000-0000-7000-8000-000000000000';

/** Envelope of every integration event on Kafka. `type` is `<service>.<snake_past_tense>`. */
export const EventEnvelope = z.object({
  eventId: z.uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z_]+$/),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  orgId: z.uuid(),
  locationId: z.uuid().optional(),
  aggregateId: z.string().min(1),
  actorId: z.uuid().optional(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

/** An integration event definition: its type, version and payload schema. */
export interface EventDefinition<TType extends string, TData extends z.ZodType> {
  type: TType;
  version: number;
  data: TData;
}
export const defineEvent = <TType extends string, TData extends z.ZodType>(type: TType, version: number, data: TData): EventDefinition<TType, TData> => ({
  type,
  version,
  data,
});

/** Parses an envelope and its payload against a definition; throws a ZodError on mismatch. */
export const parseEvent = <TType extends string, TData extends z.ZodType>(def: EventDefinition<TType, TData>, raw: unknown): EventEnvelope<z.infer<TData>> => {
  const env = EventEnvelope.parse(raw);
  return { ...env, data: def.data.parse(env.data) };
};
