import { DomainError } from '@akhada/kit/domain';
import { DeciderSpecification } from '@akhada/kit/testing/decider';
import { describe, it } from 'vitest';
import { ticketDecider, type FeedbackSubmitted, type SubmitData, type TicketEvent, type TicketRef } from './decider.ts';

const given = DeciderSpecification.for(ticketDecider);
const ID = '0193f000-0000-7000-8000-000000000001';
const submitData: SubmitData = {
  feedbackId: ID,
  orgId: '0193f000-0000-7000-8000-0000000000aa',
  locationId: '0193f000-0000-7000-8000-0000000000bb',
  type: 'complaint',
  rating: 2,
  title: ' Broken treadmill ',
  description: 'The second treadmill stops after a minute.',
  isAnonymous: false,
  emoji: '😞',
  tags: ['cardio', 'cardio', ' equipment '],
  authorId: '0193f000-0000-7000-8000-0000000000cc',
  authorName: 'Asha Rao',
  authorKey: 'k1',
  trainerId: null,
  submittedAt: '2026-05-01T10:00:00.000Z',
};
const submitted = (over: Partial<FeedbackSubmitted['data']> = {}): FeedbackSubmitted => ({
  type: 'FeedbackSubmitted',
  data: {
    feedbackId: ID,
    orgId: submitData.orgId,
    locationId: submitData.locationId,
    type: 'complaint',
    rating: 2,
    title: 'Broken treadmill',
    description: submitData.description,
    complaintCategory: 'other',
    priority: 'medium',
    isAnonymous: false,
    emoji: '😞',
    tags: ['cardio', 'equipment'],
    authorId: submitData.authorId,
    authorName: 'Asha Rao',
    authorKey: 'k1',
    trainerId: null,
    submittedAt: submitData.submittedAt,
    ...over,
  },
});
const ref = (over: Partial<TicketRef> = {}): TicketRef => ({
  locationId: submitData.locationId,
  title: 'Broken treadmill',
  priority: 'medium',
  authorId: submitData.authorId,
  isAnonymous: false,
  trainerId: null,
  ...over,
});
const status = (from: string, to: string, at: string, byAuthor = false, r = ref()): TicketEvent =>
  ({ type: 'FeedbackStatusChanged', data: { feedbackId: ID, from, to, byAuthor, at, note: null, ref: r } }) as TicketEvent;
const code = (c: string) => (e: DomainError) => e.code === c;

describe('feedback ticket', () => {
  it('given nothing, when a complaint is submitted, then it is open with the default category and priority, trimmed', () => {
    given([]).when({ type: 'SubmitFeedback', data: submitData }).then([submitted()]);
  });

  it('given nothing, when general feedback carries complaint fields, then they are dropped', () => {
    given([])
      .when({ type: 'SubmitFeedback', data: { ...submitData, type: 'general', complaintCategory: 'noise', priority: 'urgent' } })
      .then([submitted({ type: 'general', complaintCategory: null, priority: null })]);
  });

  it('given nothing, when an anonymous ticket is submitted, then its event names no author (only the keyed hash)', () => {
    given([])
      .when({ type: 'SubmitFeedback', data: { ...submitData, isAnonymous: true } })
      .then([submitted({ isAnonymous: true, authorId: null, authorName: null })]);
  });

  it('given an anonymous ticket, when staff respond and close it, then no event carries the author', () => {
    const anon = submitted({ isAnonymous: true, authorId: null, authorName: null });
    const anonRef = ref({ isAnonymous: true, authorId: null });
    given([anon])
      .when({ type: 'RespondToFeedback', data: { message: 'Fixed', byId: 'admin-1', byName: 'Admin', at: '2026-05-01T12:00:00.000Z', status: 'closed' } })
      .then([
        {
          type: 'FeedbackResponded',
          data: { feedbackId: ID, message: 'Fixed', byId: 'admin-1', byName: 'Admin', at: '2026-05-01T12:00:00.000Z', ref: anonRef },
        },
        status('open', 'closed', '2026-05-01T12:00:00.000Z', false, anonRef),
      ]);
  });

  it('given a blank title, when submitted, then it is refused', () => {
    given([])
      .when({ type: 'SubmitFeedback', data: { ...submitData, title: '   ' } })
      .thenThrows(DomainError, code('VALIDATION_FAILED'));
  });

  it('given an open ticket, when staff respond and then close, then both are recorded', () => {
    const responded: TicketEvent = {
      type: 'FeedbackResponded',
      data: { feedbackId: ID, message: 'On it', byId: 'a', byName: 'A', at: '2026-05-01T11:00:00.000Z', ref: ref() },
    };
    given([submitted()])
      .when({ type: 'RespondToFeedback', data: { message: ' On it ', byId: 'a', byName: 'A', at: '2026-05-01T11:00:00.000Z' } })
      .then([responded]);
    given([submitted(), responded])
      .when({ type: 'ChangeStatus', data: { to: 'closed', byAuthor: false, at: '2026-05-01T12:00:00.000Z' } })
      .then([status('open', 'closed', '2026-05-01T12:00:00.000Z')]);
  });

  it('given a closed ticket, when staff move it back to open, then it is refused', () => {
    given([submitted(), status('open', 'closed', '2026-05-01T12:00:00.000Z')])
      .when({ type: 'ChangeStatus', data: { to: 'open', byAuthor: false, at: '2026-05-02T12:00:00.000Z' } })
      .thenThrows(DomainError, code('FEEDBACK_INVALID_TRANSITION'));
  });

  it('given a ticket resolved 6 days ago, when the author reopens it, then it is open again', () => {
    given([submitted(), status('open', 'resolved', '2026-05-01T12:00:00.000Z')])
      .when({ type: 'ChangeStatus', data: { to: 'open', byAuthor: true, at: '2026-05-07T12:00:00.000Z' } })
      .then([status('resolved', 'open', '2026-05-07T12:00:00.000Z', true)]);
  });

  it('given a ticket resolved 8 days ago, when the author reopens it, then the window has passed', () => {
    given([submitted(), status('open', 'resolved', '2026-05-01T12:00:00.000Z')])
      .when({ type: 'ChangeStatus', data: { to: 'open', byAuthor: true, at: '2026-05-09T12:00:01.000Z' } })
      .thenThrows(DomainError, code('FEEDBACK_REOPEN_EXPIRED'));
  });

  it('given an open ticket, when the author tries to resolve it, then it is refused', () => {
    given([submitted()])
      .when({ type: 'ChangeStatus', data: { to: 'resolved', byAuthor: true, at: '2026-05-01T12:00:00.000Z' } })
      .thenThrows(DomainError, code('FEEDBACK_INVALID_TRANSITION'));
  });

  it('given an archived ticket, when anything is asked, then it is not found', () => {
    given([submitted(), { type: 'FeedbackArchived', data: { feedbackId: ID, at: '2026-05-02T00:00:00.000Z', ref: ref() } }])
      .when({ type: 'AssignFeedback', data: { assigneeId: 'x', byId: 'a', at: '2026-05-02T01:00:00.000Z' } })
      .thenThrows(DomainError, code('NOT_FOUND'));
  });

  it('given a ticket assigned to someone, when assigned to them again, then nothing happens', () => {
    given([submitted(), { type: 'FeedbackAssigned', data: { feedbackId: ID, assigneeId: 'x', byId: 'a', at: '2026-05-01T11:00:00.000Z', ref: ref() } }])
      .when({ type: 'AssignFeedback', data: { assigneeId: 'x', byId: 'a', at: '2026-05-01T12:00:00.000Z' } })
      .thenNothingHappened();
  });
});
