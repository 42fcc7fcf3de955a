import type { StoredEvent } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { EnquiriesDb, LeadTimelineTable } from '../db/schema.ts';
import type { LeadEvent } from '../domain/lead/decider.ts';

type Trx = Transaction<EnquiriesDb>;

/** What an event adds to the lead's timeline. */
const timelineOf = (event: LeadEvent): Omit<LeadTimelineTable, 'lead_id' | 'seq' | 'at' | 'actor_id'> => {
  const none = { stage: null, reason: null, source: null, owner_id: null, text: null };
  switch (event.type) {
    case 'LeadCaptured':
      return { ...none, type: 'captured', stage: 'new', source: event.data.source, owner_id: event.data.ownerId, text: event.data.notes || null };
    case 'EnquiredAgain':
      return { ...none, type: 'enquired_again', source: event.data.source, text: event.data.notes || null };
    case 'LeadEdited':
      return {
        ...none,
        type: 'edited',
        text: Object.keys(event.data.changes)
          .filter((k) => k !== 'phoneKey')
          .join(', '),
      };
    case 'StageChanged':
      return { ...none, type: 'stage_changed', stage: event.data.to };
    case 'LeadLost':
      return { ...none, type: 'lost', stage: 'lost', reason: event.data.reason, text: event.data.note || null };
    case 'LeadReopened':
      return { ...none, type: 'reopened', stage: event.data.to };
    case 'LeadAssigned':
      return { ...none, type: 'assigned', owner_id: event.data.ownerId };
    case 'NoteAdded':
      return { ...none, type: 'note', text: event.data.text };
    case 'FollowUpAdded':
      return { ...none, type: 'follow_up_added', text: `${event.data.kind}${event.data.note ? `: ${event.data.note}` : ''}` };
    case 'FollowUpCompleted':
      return { ...none, type: 'follow_up_done', text: event.data.outcome };
    case 'TrialPassIssued':
      return { ...none, type: 'trial_pass_issued', text: event.data.code };
    case 'TrialVisited':
      return { ...none, type: 'trial_visit' };
    case 'LeadJoined':
      return { ...none, type: 'joined', stage: 'joined' };
  }
};

/**
 * The leads, lead_timeline, lead_follow_ups and lead_trial_passes read tables, kept in step with each lead's stream inside the command's
 * transaction: the lead row carries its stream's version, the timeline one row per event (seq = the event's version).
 */
export const projectLeads = async (trx: Trx, stored: StoredEvent<LeadEvent>): Promise<void> => {
  const { event, streamVersion: version, recordedAt } = stored;
  const leadId = event.data.leadId;
  const at = new Date(event.data.at);
  await trx
    .insertInto('lead_timeline')
    .values({ lead_id: leadId, seq: version, at, actor_id: event.data.actorId, ...timelineOf(event) })
    .onConflict((oc) => oc.columns(['lead_id', 'seq']).doNothing())
    .execute();
  const touch = { updated_at: recordedAt, version };
  const lead = trx.updateTable('leads').where('id', '=', leadId);
  switch (event.type) {
    case 'LeadCaptured': {
      const d = event.data;
      await trx
        .insertInto('leads')
        .values({
          id: d.leadId,
          org_id: d.orgId,
          location_id: d.locationId,
          name: d.name,
          phone: d.phone,
          phone_key: d.phoneKey,
          email: d.email,
          interest: d.interest,
          source: d.source,
          preferred_time: d.preferredTime,
          notes: d.notes,
          stage: 'new',
          lost_reason: null,
          owner_id: d.ownerId,
          enquiries: 1,
          consent_text: d.consentText,
          consent_at: d.consentText ? at : null,
          marketing_consent_text: d.marketingConsentText ?? null,
          marketing_consent_at: d.marketingConsentText ? at : null,
          created_at: at,
          ...touch,
        })
        .execute();
      return;
    }
    case 'EnquiredAgain':
      await lead
        .set((eb) => ({
          enquiries: eb('enquiries', '+', 1),
          ...(event.data.consentText ? { consent_text: event.data.consentText, consent_at: at } : {}),
          ...(event.data.marketingConsentText ? { marketing_consent_text: event.data.marketingConsentText, marketing_consent_at: at } : {}),
          ...touch,
        }))
        .execute();
      return;
    case 'LeadEdited': {
      const c = event.data.changes;
      await lead
        .set({
          ...(c.name !== undefined ? { name: c.name } : {}),
          ...(c.phone !== undefined ? { phone: c.phone } : {}),
          ...(c.phoneKey !== undefined ? { phone_key: c.phoneKey } : {}),
          ...(c.email !== undefined ? { email: c.email } : {}),
          ...(c.interest !== undefined ? { interest: c.interest } : {}),
          ...(c.source !== undefined ? { source: c.source } : {}),
          ...(c.preferredTime !== undefined ? { preferred_time: c.preferredTime } : {}),
          ...(c.notes !== undefined ? { notes: c.notes } : {}),
          ...touch,
        })
        .execute();
      return;
    }
    case 'StageChanged':
    case 'LeadReopened':
      await lead.set({ stage: event.type === 'StageChanged' ? event.data.to : event.data.to, lost_reason: null, ...touch }).execute();
      return;
    case 'LeadLost':
      await lead.set({ stage: 'lost', lost_reason: event.data.reason, ...touch }).execute();
      return;
    case 'LeadAssigned':
      await lead.set({ owner_id: event.data.ownerId, ...touch }).execute();
      return;
    case 'NoteAdded':
      await lead.set(touch).execute();
      return;
    case 'FollowUpAdded': {
      const d = event.data;
      await trx
        .insertInto('lead_follow_ups')
        .values({
          id: d.followUpId,
          lead_id: leadId,
          org_id: stored.metadata.orgId,
          kind: d.kind,
          due_at: new Date(d.dueAt),
          note: d.note,
          assignee_id: d.assigneeId,
          done_at: null,
          outcome: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await lead.set(touch).execute();
      return;
    }
    case 'TrialPassIssued': {
      const d = event.data;
      await trx
        .insertInto('lead_trial_passes')
        .values({
          id: d.passId,
          lead_id: leadId,
          org_id: stored.metadata.orgId,
          code: d.code,
          days: d.days,
          valid_from: new Date(d.validFrom),
          valid_until: new Date(d.validUntil),
          last_day: d.lastDay,
          issued_at: at,
          visits: 0,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await lead.set(touch).execute();
      return;
    }
    case 'TrialVisited':
      await trx
        .updateTable('lead_trial_passes')
        .set((eb) => ({ visits: eb('visits', '+', 1) }))
        .where('id', '=', event.data.passId)
        .execute();
      await lead.set(touch).execute();
      return;
    case 'LeadJoined':
      await lead.set({ stage: 'joined', lost_reason: null, member_id: event.data.memberId, ...touch }).execute();
      return;
    case 'FollowUpCompleted':
      await trx.updateTable('lead_follow_ups').set({ done_at: at, outcome: event.data.outcome }).where('id', '=', event.data.followUpId).execute();
      await lead.set(touch).execute();
      return;
  }
};
