import type { EventEnvelope } from '@akhada/contracts';
import type { EventMetadata } from './envelope.ts';

/** The caller of an HTTP command (a RequestContext, or what an unauthenticated route knows: no user yet). */
export interface CommandSource {
  orgId: string;
  userId?: string | undefined;
  /** The id of the whole conversation: the X-Correlation-Id the gateway forwards, else the first request id. */
  correlationId: string;
  /** This request's id. */
  requestId: string;
}

/**
 * The one way to build event metadata.
 * - correlationId: the id of the whole conversation, carried unchanged through every request and event it leads to.
 * - causationId: the id of the thing that directly caused these events — the request id for a command from HTTP, the
 *   consumed event's eventId for a consumer (pass the envelope as the source).
 * - actorId: the user who acted (for a consumer: the actor of the consumed event).
 * - locationId: the location the events belong to, when they belong to one.
 * `causationId` may be overridden for the rare command caused by something else (e.g. a scheduled job's run id).
 */
export const metadataOf = (
  source: CommandSource | EventEnvelope<unknown>,
  opts: { orgId?: string; locationId?: string | undefined; causationId?: string } = {},
): EventMetadata => {
  const fromEvent = 'eventId' in source;
  const meta: EventMetadata = {
    orgId: opts.orgId ?? source.orgId,
    correlationId: source.correlationId,
    causationId: opts.causationId ?? (fromEvent ? source.eventId : source.requestId),
  };
  const actorId = fromEvent ? source.actorId : source.userId;
  if (actorId) meta.actorId = actorId;
  const locationId = opts.locationId ?? (fromEvent ? source.locationId : undefined);
  if (locationId) meta.locationId = locationId;
  return meta;
};
