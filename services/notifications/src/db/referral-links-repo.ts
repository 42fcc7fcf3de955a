import { referralCodeOf, type Executor } from '@akhada/kit';
import type { NotificationsDb } from './schema.ts';

/** Keeps the app's public address (APP_URL) for links in templates; main.ts writes it at start. */
export const saveAppUrl = async (db: Executor<NotificationsDb>, url: string): Promise<void> => {
  await db
    .insertInto('service_settings')
    .values({ name: 'app_url', value: url.replace(/\/+$/, '') })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
};

/** A location's public enquiry form code, as enquiries announced it (per organization: another's event never changes ours). */
export const saveFormLink = async (db: Executor<NotificationsDb>, f: { locationId: string; orgId: string; code: string; at: Date }): Promise<void> => {
  await db
    .insertInto('form_link_copies')
    .values({ location_id: f.locationId, org_id: f.orgId, code: f.code, updated_at: f.at })
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'location_id'])
        .doUpdateSet((eb) => ({ code: eb.ref('excluded.code'), updated_at: eb.ref('excluded.updated_at') }))
        .where('form_link_copies.updated_at', '<=', f.at),
    )
    .execute();
};

/**
 * The referral links of an organization's members, as the member's own card shows them: their location's public
 * enquiry form with their code (`<app>/enquire/<form code>?ref=<referral code>`). Null for a lead, a member without a
 * location, a location whose form code is not known here yet, or when the app's address is not recorded.
 */
export const referralLinksOf = async (
  db: Executor<NotificationsDb>,
  orgId: string,
): Promise<(person: { kind: 'member' | 'lead'; id: string; locationId: string | null }) => string | null> => {
  const [app, forms] = await Promise.all([
    db.selectFrom('service_settings').select('value').where('name', '=', 'app_url').executeTakeFirst(),
    db.selectFrom('form_link_copies').select(['location_id', 'code']).where('org_id', '=', orgId).execute(),
  ]);
  const codeOf = new Map(forms.map((f) => [f.location_id, f.code]));
  return (p) => {
    const form = p.locationId ? codeOf.get(p.locationId) : undefined;
    if (p.kind !== 'member' || !form || !app) return null;
    return `${app.value}/enquire/${encodeURIComponent(form)}?ref=${referralCodeOf(p.id)}`;
  };
};
