import { STAFF_ROLES, type EventEnvelope } from '@akhada/contracts';
import type { Transaction } from 'kysely';
import { recipientsOfOrg } from '../db/recipients-repo.ts';
import { lockRecipients } from '../db/notifications-repo.ts';
import type { NotificationsDb } from '../db/schema.ts';
import { ownersAndAdminsOf } from '../domain/recipient-rule.ts';
import { fillPath, RULES, type Audience, type Facts, type RuleLine } from '../domain/rules.ts';
import { renderTemplate, textOf, type TemplateKey } from '../domain/templates.ts';
import { onlineAmong } from '../hub/presence.ts';
import { deliver, staffOrPark } from '../app/notify.ts';

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** What this service knows of the member an event names (their name, trainer and location), from members' events. */
const factsOf = async (trx: Transaction<NotificationsDb>, env: EventEnvelope<Record<string, unknown>>): Promise<Facts> => {
  const memberId = str(env.data.memberId);
  const m = memberId
    ? await trx.selectFrom('member_copies').selectAll().where('member_id', '=', memberId).where('org_id', '=', env.orgId).executeTakeFirst()
    : undefined;
  return {
    data: env.data,
    member: m ? { name: `${m.first_name} ${m.last_name}`.trim(), trainerId: m.trainer_id, locationId: m.location_id } : null,
  };
};

/** The ones of `ids` who still have an unread notification of this category and link (coalesced lines). */
const openNotificationsOf = async (trx: Transaction<NotificationsDb>, orgId: string, ids: readonly string[], category: string, actionUrl: string) =>
  new Set(
    (
      await trx
        .selectFrom('notifications')
        .select('recipient_id')
        .where('org_id', '=', orgId)
        .where('recipient_id', 'in', [...ids])
        .where('category', '=', category)
        .where('action_url', '=', actionUrl)
        .where('read_at', 'is', null)
        .execute()
    ).map((r) => r.recipient_id),
  );

/**
 * Applies the rule line of the event's type (none: nothing happens). Staff audiences need the organization's staff:
 * while no owner is known yet the event is parked (staffOrPark) and replayed when the owner arrives.
 * Returns the ids notified now.
 */
export const applyRule = async (
  trx: Transaction<NotificationsDb>,
  env: EventEnvelope<Record<string, unknown>>,
  line: RuleLine | undefined = RULES[env.type],
): Promise<string[]> => {
  if (!line) return [];
  const facts = await factsOf(trx, env);
  if (line.when && !line.when(facts)) return [];
  const locationId = str(env.data.locationId) ?? facts.member?.locationId ?? env.locationId ?? null;
  const needsStaff = line.tell.some((t) => t.to === 'staff' || t.to === 'owners');
  const staff = needsStaff ? await staffOrPark(trx, env) : [];
  if (!staff) return [];
  const params = line.params(facts);
  const priority = typeof line.priority === 'function' ? line.priority(facts) : line.priority;
  const whoIs = async (to: Audience): Promise<string[]> => {
    switch (to) {
      case 'staff':
        return ownersAndAdminsOf(staff, locationId).map((c) => c.userId);
      case 'owners':
        return (await recipientsOfOrg(trx, env.orgId, STAFF_ROLES)).filter((r) => r.role === 'owner').map((r) => r.user_id);
      case 'member':
        return str(env.data.memberId) ? [str(env.data.memberId)!] : [];
      case 'trainer':
        return facts.member?.trainerId ? [facts.member.trainerId] : [];
      case 'user':
        return str(env.data.userId) ? [str(env.data.userId)!] : [];
      case 'participant': {
        const many = Array.isArray(env.data.recipientIds) ? env.data.recipientIds.filter((x): x is string => typeof x === 'string') : [];
        return str(env.data.recipientId) ? [str(env.data.recipientId)!, ...many] : many;
      }
    }
  };
  // Whom each tell of the line reaches, found first, and all of them locked at once (sorted): locked tell by tell, two
  // events telling staff and a member in opposite orders deadlocked (the kit retried them). deliver's own lock of its
  // recipients is then re-entrant.
  const tells: { t: (typeof line.tell)[number]; found: string[] }[] = [];
  for (const t of line.tell) {
    if (t.when && !t.when(facts)) continue;
    tells.push({ t, found: [...new Set(await whoIs(t.to))] });
  }
  await lockRecipients(trx, [...new Set(tells.flatMap((x) => x.found))]);
  const notified: string[] = [];
  for (const { t, found } of tells) {
    let ids = found;
    const stem = `notifications.${t.template}`;
    const actionKey = t.action ? (`notifications.action.${t.action.key}` as TemplateKey) : null;
    const action = {
      actionUrl: t.action ? fillPath(t.action.url, params) : null,
      actionText: actionKey ? renderTemplate(actionKey) : null,
      actionKey,
    };
    if (line.offlineOnly && ids.length > 0) {
      const online = await onlineAmong(trx, env.orgId, ids);
      ids = ids.filter((id) => !online.has(id));
    }
    if (line.coalesce && action.actionUrl && ids.length > 0) {
      const open = await openNotificationsOf(trx, env.orgId, ids, t.category, action.actionUrl);
      ids = ids.filter((id) => !open.has(id));
    }
    if (ids.length === 0) continue;
    notified.push(
      ...(await deliver(
        trx,
        env,
        {
          locationId,
          type: line.type,
          category: t.category,
          priority,
          preference: line.preference,
          text: textOf(`${stem}.title` as TemplateKey, `${stem}.message` as TemplateKey, params),
          ...(line.forceChannels ? { forceChannels: line.forceChannels } : {}),
          ...(line.inAppOnly ? { inAppOnly: true } : {}),
          ...(line.mandatory ? { mandatory: true } : {}),
        },
        ids.map((recipientId) => ({ recipientId, ...action })),
      )),
    );
  }
  return notified;
};
