import { FEEDBACK_REOPEN_DAYS, type Feedback } from '@akhada/contracts';
import type { FeedbackTable, StaffTable, TrainersTable } from '../db/schema.ts';

export interface Names {
  trainers: Map<string, Pick<TrainersTable, 'id' | 'first_name' | 'last_name'>>;
  staff: Map<string, Pick<StaffTable, 'id' | 'first_name' | 'last_name'>>;
}

const split = (name: string): { firstName: string; lastName: string } => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
};

/**
 * A ticket row as the contract shows it. An anonymous ticket has no author in its row (nothing to leak); `isMine`
 * compares the caller's keyed hash, so the author still recognizes their own.
 */
export const toFeedback = (row: FeedbackTable, callerKey: string | null, names: Names): Feedback => {
  const trainer = row.trainer_id ? names.trainers.get(row.trainer_id) : undefined;
  const assignee = row.assigned_to ? names.staff.get(row.assigned_to) : undefined;
  const responses = row.responses.map((r) => ({ message: r.message, respondedBy: split(r.byName), respondedAt: new Date(r.at).toISOString() }));
  const settled = row.status === 'resolved' || row.status === 'closed';
  return {
    _id: row.id,
    type: row.type as Feedback['type'],
    rating: { overall: row.rating },
    title: row.title,
    description: row.description,
    complaintCategory: row.complaint_category as Feedback['complaintCategory'],
    priority: row.priority as Feedback['priority'],
    isAnonymous: row.is_anonymous,
    emoji: row.emoji as Feedback['emoji'],
    tags: row.tags,
    status: row.status as Feedback['status'],
    locationId: row.location_id,
    member: row.is_anonymous || !row.author_id ? null : { _id: row.author_id, ...split(row.author_name ?? '') },
    trainer: row.trainer_id ? { _id: row.trainer_id, firstName: trainer?.first_name ?? 'Trainer', lastName: trainer?.last_name ?? '' } : null,
    assignedTo: row.assigned_to ? { _id: row.assigned_to, firstName: assignee?.first_name ?? 'Staff', lastName: assignee?.last_name ?? '' } : null,
    adminResponse: responses.at(-1) ?? null,
    responses,
    isMine: row.author_key === callerKey,
    reopenableUntil: settled && row.settled_at ? new Date(row.settled_at.getTime() + FEEDBACK_REOPEN_DAYS * 86_400_000).toISOString() : null,
    firstRespondedAt: row.first_responded_at?.toISOString() ?? null,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
};
