import { EnquiriesEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import { saveFormLink } from '../db/referral-links-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';

/**
 * enquiries.lead_changed about a follow-up → this service's copy of it (follow_up_copies): added with its kind, due
 * time and assignee; done once completed, and kept done (a redelivered or late "added" never reopens it). A copy of
 * another organization's follow-up id is left alone. For automations' "follow-up overdue" trigger.
 */
export const followUpCopyHandlers = [
  on(EnquiriesEvents.LeadChanged, async (trx: Transaction<NotificationsDb>, env) => {
    const f = env.data.followUp;
    if (!f) return;
    const at = new Date(env.occurredAt);
    const known = {
      ...(f.kind !== undefined ? { kind: f.kind } : {}),
      ...(f.dueAt !== undefined ? { due_at: new Date(f.dueAt) } : {}),
      ...(f.assigneeId !== undefined ? { assignee_id: f.assigneeId } : {}),
    };
    await trx
      .insertInto('follow_up_copies')
      .values({
        follow_up_id: f.id,
        org_id: env.orgId,
        lead_id: env.data.leadId,
        location_id: env.data.locationId,
        kind: f.kind ?? null,
        due_at: f.dueAt ? new Date(f.dueAt) : null,
        assignee_id: f.assigneeId ?? null,
        done: f.done,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .column('follow_up_id')
          .doUpdateSet({ ...known, done: sql<boolean>`follow_up_copies.done or ${f.done}`, updated_at: at })
          .where('follow_up_copies.org_id', '=', env.orgId),
      )
      .execute();
  }),
];

/** enquiries.form_link_made → the location's form code, for members' referral links (db/referral-links-repo.ts). */
export const formLinkCopyHandlers = [
  on(EnquiriesEvents.FormLinkMade, (trx: Transaction<NotificationsDb>, env) =>
    saveFormLink(trx, { locationId: env.data.locationId, orgId: env.orgId, code: env.data.code, at: new Date(env.occurredAt) }),
  ),
];
