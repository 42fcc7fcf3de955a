import { ENQUIRIES_SOCKET_EVENTS, EnquiriesChanged } from '@akhada/contracts';
import type { Query } from '@tanstack/react-query';
import { useHubRefetch } from '../../../lib/realtime/use-hub-refetch';
import { enquiryKeys } from '../api/enquiries-api';

/** Pings that arrive together (a command recording two changes, a burst of enquiries) make one refetch. */
const COALESCE_MS = 250;

/** The screens' reads a lead's change can move: the board or list, a lead, today's follow-ups (not the form links). */
const MOVED_BY_A_LEAD = {
  predicate: (q: Query): boolean => {
    const [root, kind] = q.queryKey;
    return root === enquiryKeys.all[0] && (kind === 'list' || kind === 'detail' || kind === 'today');
  },
};

const isEnquiriesChanged = (raw: unknown): boolean => {
  const parsed = EnquiriesChanged.safeParse(raw);
  if (!parsed.success) console.error(`[socket] ${ENQUIRIES_SOCKET_EVENTS.changed} does not match its contract`, parsed.error.issues);
  return parsed.success;
};

/**
 * Keeps the open enquiries screens current: every `enquiries:changed` ping the hub sends (a lead of the caller's
 * locations, or one given to them, changed: captured on the public form, moved, followed up…) reads the board, the
 * lead and today's follow-ups again — what each caller gets is scoped by the server — and so does every reconnect.
 * Returns whether pings are arriving.
 */
export const useLiveEnquiries = (): { live: boolean } =>
  useHubRefetch({ event: ENQUIRIES_SOCKET_EVENTS.changed, accepts: isEnquiriesChanged, filters: MOVED_BY_A_LEAD, coalesceMs: COALESCE_MS });
