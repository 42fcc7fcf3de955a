/**
 * A copy of a person (a member or trainer) kept from the owning service's events is behind by the time the event
 * takes to travel: "add a member, then take the fee at once" found nobody. `readThrough` is the lookup of such a copy
 * that, on a miss only, asks the owner once (with the caller's token, so the owner scopes the read as for any request),
 * writes the answer through the same newer-wins write the event projection uses (so the event, when it arrives, changes
 * nothing or something newer), and reads the copy again. The hot path — a person the copy knows — asks nobody.
 *
 * A person the owner does not show the caller stays a miss (the use case's own 404); an owner that fails or does not
 * answer in time is a 503 "try again" (from the client). Misses for the same person at the same moment by the same
 * caller share one call.
 */
export interface ReadThrough<Row, Remote> {
  /** The copy's own lookup (organization-scoped as the use case needs); undefined on a miss. */
  local: () => Promise<Row | undefined>;
  /** The owner's answer, or null when the owner does not show it to the caller. */
  remote: () => Promise<Remote | null>;
  /** Writes the owner's answer into the copy through the projection's guarded upsert. */
  save: (answer: Remote) => Promise<void>;
  /** Shares one owner call between concurrent misses with the same key (e.g. `${token}:${id}`). */
  key?: string;
}

const inFlight = new Map<string, Promise<unknown>>();

const once = <T>(key: string | undefined, call: () => Promise<T>): Promise<T> => {
  if (!key) return call();
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const p = call().finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
};

export const readThrough = async <Row, Remote>(o: ReadThrough<Row, Remote>): Promise<Row | undefined> => {
  const found = await o.local();
  if (found !== undefined) return found;
  const answer = await once(o.key, async () => {
    const a = await o.remote();
    if (a !== null) await o.save(a);
    return a;
  });
  if (answer === null) return undefined;
  return o.local();
};
