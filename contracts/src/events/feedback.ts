import { z } from 'zod';
import { defineEvent } from '../envelope.ts';
import { ComplaintCategory, FeedbackPriority, FeedbackStatus, FeedbackType } from '../enums.ts';
import { SurveyAudience } from '../http/feedback.ts';

/**
 * Integration events of the feedback service (topic akhada.feedback.events; aggregate = the ticket or the survey).
 * Consumers: trainers (a trainer's rating { average, count }), notifications (a complaint tells the location's staff by
 * priority; a response tells the member), dashboard.
 *
 * Anonymous tickets: `memberId` is null in every event and the envelope carries no `actorId` for the author, so no
 * consumer (or log of events) can tell who wrote it.
 */

export const FeedbackSubmitted = defineEvent(
  'feedback.feedback_submitted',
  1,
  z.object({
    feedbackId: z.uuid(),
    locationId: z.uuid(),
    type: FeedbackType,
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    /** Complaints only. */
    complaintCategory: ComplaintCategory.nullable(),
    priority: FeedbackPriority.nullable(),
    isAnonymous: z.boolean(),
    /** The author; null when anonymous. */
    memberId: z.uuid().nullable(),
    /** Author's display name for notifications; null when anonymous. */
    memberName: z.string().nullable(),
    /** Type trainer: the trainer rated. */
    trainerId: z.uuid().nullable(),
    submittedAt: z.iso.datetime({ offset: true }),
  }),
);

export const FeedbackResponded = defineEvent(
  'feedback.feedback_responded',
  1,
  z.object({
    feedbackId: z.uuid(),
    locationId: z.uuid(),
    title: z.string(),
    message: z.string(),
    respondedById: z.uuid(),
    respondedByName: z.string(),
    respondedAt: z.iso.datetime({ offset: true }),
    /** Whom to tell: the author; null for anonymous tickets (no event names their author; they read the response in My Feedback). */
    recipientId: z.uuid().nullable(),
    isAnonymous: z.boolean(),
  }),
);

export const FeedbackStatusChanged = defineEvent(
  'feedback.feedback_status_changed',
  1,
  z.object({
    feedbackId: z.uuid(),
    locationId: z.uuid(),
    from: FeedbackStatus,
    to: FeedbackStatus,
    /** true when the author reopened it. */
    byAuthor: z.boolean(),
    changedAt: z.iso.datetime({ offset: true }),
    /** The author when not anonymous, else null. */
    memberId: z.uuid().nullable(),
  }),
);

export const FeedbackAssigned = defineEvent(
  'feedback.feedback_assigned',
  1,
  z.object({
    feedbackId: z.uuid(),
    locationId: z.uuid(),
    title: z.string(),
    priority: FeedbackPriority.nullable(),
    assigneeId: z.uuid().nullable(),
    assignedById: z.uuid(),
  }),
);

export const FeedbackArchived = defineEvent('feedback.feedback_archived', 1, z.object({ feedbackId: z.uuid(), locationId: z.uuid() }));

/**
 * A trainer's rating changed (a trainer ticket was submitted or archived): the whole figure as it now is, so trainers
 * keeps `{ average, count }` without any earlier state (the latest `asOfVersion` wins).
 */
export const TrainerRatingChanged = defineEvent(
  'feedback.trainer_rating_changed',
  1,
  z.object({
    trainerId: z.uuid(),
    average: z.number().min(0).max(5),
    count: z.number().int().min(0),
    /** Grows with every change for this trainer; a consumer ignores an older one. */
    asOfVersion: z.number().int().min(1),
  }),
);

export const SurveyPublished = defineEvent(
  'feedback.survey_published',
  1,
  z.object({ surveyId: z.uuid(), title: z.string(), audience: SurveyAudience, startsOn: z.iso.date(), endsOn: z.iso.date() }),
);

/** A member answered a survey; `memberId` null for anonymous surveys. */
export const SurveyAnswered = defineEvent(
  'feedback.survey_answered',
  1,
  z.object({ surveyId: z.uuid(), memberId: z.uuid().nullable(), totalResponses: z.number().int().min(1), answeredAt: z.iso.datetime({ offset: true }) }),
);
