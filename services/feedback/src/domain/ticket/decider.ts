import { FEEDBACK_REOPEN_DAYS, type FeedbackEmoji } from '@akhada/contracts';
import { DomainError, type Decider } from '@akhada/kit/domain';

/**
 * A feedback ticket, event-sourced. The author of an anonymous ticket is never in its events: only `authorKey`, a keyed
 * hash of the author (per organization), which lets the author find their own ticket and lets the server rate-limit,
 * while telling staff (or anyone reading the event store) nothing.
 */

export type TicketType = 'general' | 'trainer' | 'facility' | 'service' | 'membership' | 'complaint';
export type TicketStatus = 'open' | 'in_progress' | 'resolved' | 'closed';
export type Priority = 'low' | 'medium' | 'high' | 'urgent';
export type Category = 'equipment' | 'cleanliness' | 'safety' | 'trainer' | 'staff' | 'billing' | 'membership' | 'facility' | 'noise' | 'other';

export const ticketStreamId = (id: string): string => `feedback-${id}`;

export interface SubmitData {
  feedbackId: string;
  orgId: string;
  locationId: string;
  type: TicketType;
  rating: number;
  title: string;
  description: string;
  complaintCategory?: Category | undefined;
  priority?: Priority | undefined;
  isAnonymous: boolean;
  emoji: FeedbackEmoji | null;
  tags: string[];
  /** The author's user id; dropped by the decider when anonymous. */
  authorId: string;
  authorName: string;
  authorKey: string;
  trainerId: string | null;
  submittedAt: string;
}

export type TicketCommand =
  | { type: 'SubmitFeedback'; data: SubmitData }
  | { type: 'RespondToFeedback'; data: { message: string; byId: string; byName: string; at: string; status?: TicketStatus | undefined } }
  | { type: 'ChangeStatus'; data: { to: TicketStatus; byAuthor: boolean; at: string; note?: string | undefined } }
  | { type: 'AssignFeedback'; data: { assigneeId: string | null; byId: string; at: string } }
  | { type: 'ArchiveFeedback'; data: { at: string } };

export interface FeedbackSubmitted {
  type: 'FeedbackSubmitted';
  data: {
    feedbackId: string;
    orgId: string;
    locationId: string;
    type: TicketType;
    rating: number;
    title: string;
    description: string;
    complaintCategory: Category | null;
    priority: Priority | null;
    isAnonymous: boolean;
    emoji: FeedbackEmoji | null;
    tags: string[];
    /** null when anonymous. */
    authorId: string | null;
    authorName: string | null;
    authorKey: string;
    trainerId: string | null;
    submittedAt: string;
  };
}
/** What later events repeat of the ticket, so their integration events need no earlier state (authorId null when anonymous). */
export interface TicketRef {
  locationId: string;
  title: string;
  priority: Priority | null;
  authorId: string | null;
  isAnonymous: boolean;
  trainerId: string | null;
}
export interface FeedbackResponded {
  type: 'FeedbackResponded';
  data: { feedbackId: string; message: string; byId: string; byName: string; at: string; ref: TicketRef };
}
export interface FeedbackStatusChanged {
  type: 'FeedbackStatusChanged';
  data: { feedbackId: string; from: TicketStatus; to: TicketStatus; byAuthor: boolean; at: string; note: string | null; ref: TicketRef };
}
export interface FeedbackAssigned {
  type: 'FeedbackAssigned';
  data: { feedbackId: string; assigneeId: string | null; byId: string; at: string; ref: TicketRef };
}
export interface FeedbackArchived {
  type: 'FeedbackArchived';
  data: { feedbackId: string; at: string; ref: TicketRef };
}
export type TicketEvent = FeedbackSubmitted | FeedbackResponded | FeedbackStatusChanged | FeedbackAssigned | FeedbackArchived;

export type TicketState =
  | { status: 'none' }
  | {
      status: TicketStatus;
      archived: boolean;
      ticket: FeedbackSubmitted['data'];
      assigneeId: string | null;
      responses: number;
      /** When it last became resolved or closed (the reopen window counts from here). */
      settledAt: string | null;
    };

type Live = Exclude<TicketState, { status: 'none' }>;
export const refOf = ({ ticket: t }: Live): TicketRef => ({
  locationId: t.locationId,
  title: t.title,
  priority: t.priority,
  authorId: t.authorId,
  isAnonymous: t.isAnonymous,
  trainerId: t.trainerId,
});

const ORDER: Record<TicketStatus, number> = { open: 0, in_progress: 1, resolved: 2, closed: 3 };
const DAY_MS = 86_400_000;

const invalidTransition = (from: TicketStatus, to: TicketStatus) =>
  new DomainError('FEEDBACK_INVALID_TRANSITION', `Feedback cannot move from ${from.replace('_', ' ')} to ${to.replace('_', ' ')}`, 409);
const notFound = () => new DomainError('NOT_FOUND', 'Feedback not found', 404);
const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);

/** Staff move a ticket forward (any step), or back from resolved to in progress; the author only reopens a settled one. */
export const statusChange = (s: Live, to: TicketStatus, byAuthor: boolean, at: string, note: string | null): TicketEvent[] => {
  const from = s.status;
  if (from === to) return [];
  if (byAuthor) {
    if (to !== 'open' || (from !== 'resolved' && from !== 'closed')) throw invalidTransition(from, to);
    const since = Date.parse(s.settledAt ?? at);
    if (Date.parse(at) - since > FEEDBACK_REOPEN_DAYS * DAY_MS)
      throw new DomainError('FEEDBACK_REOPEN_EXPIRED', `Feedback can be reopened only within ${FEEDBACK_REOPEN_DAYS} days of being resolved`, 409);
  } else {
    const back = from === 'resolved' && to === 'in_progress';
    if (!back && ORDER[to] < ORDER[from]) throw invalidTransition(from, to);
  }
  return [{ type: 'FeedbackStatusChanged', data: { feedbackId: s.ticket.feedbackId, from, to, byAuthor, at, note, ref: refOf(s) } }];
};

const submit = (d: SubmitData, s: TicketState): TicketEvent[] => {
  if (s.status !== 'none') return []; // the same id again: a retried request
  if (!d.title.trim() || !d.description.trim()) throw invalid('Title and description are required');
  if (!Number.isInteger(d.rating) || d.rating < 1 || d.rating > 5) throw invalid('Rating must be 1 to 5');
  const complaint = d.type === 'complaint';
  return [
    {
      type: 'FeedbackSubmitted',
      data: {
        feedbackId: d.feedbackId,
        orgId: d.orgId,
        locationId: d.locationId,
        type: d.type,
        rating: d.rating,
        title: d.title.trim(),
        description: d.description.trim(),
        complaintCategory: complaint ? (d.complaintCategory ?? 'other') : null,
        priority: complaint ? (d.priority ?? 'medium') : null,
        isAnonymous: d.isAnonymous,
        emoji: d.emoji,
        tags: [...new Set(d.tags.map((t) => t.trim()).filter(Boolean))],
        authorId: d.isAnonymous ? null : d.authorId,
        authorName: d.isAnonymous ? null : d.authorName,
        authorKey: d.authorKey,
        trainerId: d.trainerId,
        submittedAt: d.submittedAt,
      },
    },
  ];
};

const decide = (c: TicketCommand, s: TicketState): TicketEvent[] => {
  if (c.type === 'SubmitFeedback') return submit(c.data, s);
  if (s.status === 'none' || s.archived) throw notFound();
  const id = s.ticket.feedbackId;
  switch (c.type) {
    case 'RespondToFeedback': {
      if (!c.data.message.trim()) throw invalid('Response is required');
      const responded: TicketEvent = {
        type: 'FeedbackResponded',
        data: { feedbackId: id, message: c.data.message.trim(), byId: c.data.byId, byName: c.data.byName, at: c.data.at, ref: refOf(s) },
      };
      return [responded, ...(c.data.status ? statusChange(s, c.data.status, false, c.data.at, null) : [])];
    }
    case 'ChangeStatus':
      return statusChange(s, c.data.to, c.data.byAuthor, c.data.at, c.data.note ?? null);
    case 'AssignFeedback':
      if (s.assigneeId === c.data.assigneeId) return [];
      return [{ type: 'FeedbackAssigned', data: { feedbackId: id, assigneeId: c.data.assigneeId, byId: c.data.byId, at: c.data.at, ref: refOf(s) } }];
    case 'ArchiveFeedback':
      return [{ type: 'FeedbackArchived', data: { feedbackId: id, at: c.data.at, ref: refOf(s) } }];
  }
};

const evolve = (s: TicketState, e: TicketEvent): TicketState => {
  if (e.type === 'FeedbackSubmitted') return { status: 'open', archived: false, ticket: e.data, assigneeId: null, responses: 0, settledAt: null };
  if (s.status === 'none') return s;
  switch (e.type) {
    case 'FeedbackResponded':
      return { ...s, responses: s.responses + 1 };
    case 'FeedbackStatusChanged':
      return { ...s, status: e.data.to, settledAt: e.data.to === 'resolved' || e.data.to === 'closed' ? e.data.at : null };
    case 'FeedbackAssigned':
      return { ...s, assigneeId: e.data.assigneeId };
    case 'FeedbackArchived':
      return { ...s, archived: true };
    default:
      return s;
  }
};

export const ticketDecider: Decider<TicketCommand, TicketEvent, TicketState> = { initialState: () => ({ status: 'none' }), decide, evolve };
