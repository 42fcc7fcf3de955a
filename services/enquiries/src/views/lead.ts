import type { FollowUp, Lead, LeadDetail, TimelineEntry, TrialPass } from '@akhada/contracts';
import type { FollowUpRow, LeadRow } from '../db/leads-repo.ts';
import type { LeadTimelineTable, LeadTrialPassesTable } from '../db/schema.ts';

/** A lead as the contract shows it; `names` maps staff ids to names (the owner's, when known). */
export const toLead = (r: LeadRow, nextFollowUpAt: Date | null, names: Map<string, string>): Lead => ({
  id: r.id,
  locationId: r.location_id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  interest: r.interest as Lead['interest'],
  source: r.source as Lead['source'],
  preferredTime: r.preferred_time,
  notes: r.notes,
  stage: r.stage as Lead['stage'],
  lostReason: r.lost_reason as Lead['lostReason'],
  ownerId: r.owner_id,
  ownerName: r.owner_id === null ? null : (names.get(r.owner_id) ?? null),
  memberId: r.member_id,
  enquiries: r.enquiries,
  consentText: r.consent_text,
  consentAt: r.consent_at ? r.consent_at.toISOString() : null,
  marketingConsentText: r.marketing_consent_text,
  marketingConsentAt: r.marketing_consent_at ? r.marketing_consent_at.toISOString() : null,
  nextFollowUpAt: nextFollowUpAt ? nextFollowUpAt.toISOString() : null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export const toFollowUp = (f: FollowUpRow): FollowUp => ({
  id: f.id,
  kind: f.kind as FollowUp['kind'],
  dueAt: f.due_at.toISOString(),
  note: f.note,
  assigneeId: f.assignee_id,
  doneAt: f.done_at ? f.done_at.toISOString() : null,
  outcome: f.outcome,
});

export const toTimelineEntry = (t: LeadTimelineTable): TimelineEntry => ({
  at: t.at.toISOString(),
  type: t.type as TimelineEntry['type'],
  actorId: t.actor_id,
  stage: t.stage as TimelineEntry['stage'],
  reason: t.reason as TimelineEntry['reason'],
  source: t.source as TimelineEntry['source'],
  ownerId: t.owner_id,
  text: t.text,
});

export const toTrialPass = (p: LeadTrialPassesTable, locationId: string): TrialPass => ({
  id: p.id,
  code: p.code,
  locationId,
  days: p.days,
  validFrom: p.valid_from.toISOString(),
  validUntil: p.valid_until.toISOString(),
  lastDay: p.last_day,
  issuedAt: p.issued_at.toISOString(),
  visits: p.visits,
});

export const toLeadDetail = (
  r: LeadRow,
  timeline: LeadTimelineTable[],
  followUps: FollowUpRow[],
  passes: LeadTrialPassesTable[],
  names: Map<string, string>,
): LeadDetail => {
  const open = followUps.filter((f) => f.done_at === null);
  return {
    ...toLead(r, open[0]?.due_at ?? null, names),
    timeline: timeline.map(toTimelineEntry),
    followUps: followUps.map(toFollowUp),
    trialPasses: passes.map((p) => toTrialPass(p, r.location_id)),
  };
};
