import { type Announcement, type AnnouncementAudience, type NotificationPriority } from '@akhada/contracts';
import { newId, notFound, type RequestContext } from '@akhada/kit';
import { sql, type Transaction } from 'kysely';
import type { NotificationsDb, AnnouncementRow } from '../db/schema.ts';
import { textOf } from '../domain/templates.ts';
import { deliver } from './notify.ts';
import { pageOffset, totalPages } from '../domain/pagination.ts';
import type { NotificationsDeps } from './deps.ts';

type Sender = Pick<RequestContext, 'userId' | 'orgId' | 'role' | 'locationIds' | 'name' | 'correlationId' | 'requestId'>;

export interface AnnouncementInput {
  title: string;
  message: string;
  audience: AnnouncementAudience;
  locationId?: string | undefined;
  trainerId?: string | undefined;
  priority: NotificationPriority;
}

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  _id: r.id,
  title: r.title,
  message: r.message,
  audience: r.audience,
  locationId: r.location_id,
  trainerId: r.trainer_id,
  priority: r.priority,
  sentBy: { id: r.sent_by_id, name: r.sent_by_name },
  recipientCount: r.recipient_count,
  createdAt: r.created_at.toISOString(),
});

/** A location the sender may address: an owner any of the organization's, an admin those they run; anything else is not found. */
const assertLocation = async (trx: Transaction<NotificationsDb>, s: Sender, locationId: string) => {
  const known = await trx
    .selectFrom('kit_locations')
    .select('location_id')
    .where('location_id', '=', locationId)
    .where('org_id', '=', s.orgId)
    .executeTakeFirst();
  const allowed = s.role === 'owner' ? known !== undefined || s.locationIds.includes(locationId) : s.locationIds.includes(locationId);
  if (!allowed) throw notFound('Location');
};

/** The members the announcement goes to (this service's copy of them): never outside the organization or the admin's locations. */
const audienceOf = async (trx: Transaction<NotificationsDb>, s: Sender, a: AnnouncementInput, today: string): Promise<string[]> => {
  let q = trx.selectFrom('member_copies').select('member_id').where('org_id', '=', s.orgId).where('status', 'not in', ['archived', 'cancelled']);
  if (s.role !== 'owner') q = s.locationIds.length ? q.where('location_id', 'in', s.locationIds) : q.where(sql<boolean>`false`);
  if (a.locationId) q = q.where('location_id', '=', a.locationId);
  if (a.audience === 'active') q = q.where('status', '=', 'active');
  if (a.audience === 'expiring')
    q = q
      .where('status', '=', 'active')
      .where('end_date', '>=', today)
      .where(sql<boolean>`end_date <= ${today}::date + 7`);
  if (a.audience === 'trainer') q = q.where('trainer_id', '=', a.trainerId!);
  return (await q.orderBy('member_id').execute()).map((r) => r.member_id);
};

/**
 * Staff write to members: every member of the organization (an admin: of their locations), of one location, or a
 * group (active; expiring in the next 7 days; one trainer's). Each member gets it in-app and on the channels their
 * "system" preference and consent allow. The announcement keeps who sent it and how many received it.
 */
export const sendAnnouncement = ({ db, clock }: Pick<NotificationsDeps, 'db' | 'clock'>, s: Sender, a: AnnouncementInput): Promise<Announcement> =>
  db.transaction().execute(async (trx) => {
    if (a.locationId) await assertLocation(trx, s, a.locationId);
    if (a.audience === 'trainer') {
      const trainer = await trx
        .selectFrom('recipients')
        .select('user_id')
        .where('user_id', '=', a.trainerId!)
        .where('org_id', '=', s.orgId)
        .where('role', '=', 'trainer')
        .executeTakeFirst();
      const clients = await trx
        .selectFrom('member_copies')
        .select('member_id')
        .where('trainer_id', '=', a.trainerId!)
        .where('org_id', '=', s.orgId)
        .limit(1)
        .executeTakeFirst();
      if (!trainer && !clients) throw notFound('Trainer');
    }
    const now = clock();
    const id = newId();
    const members = await audienceOf(trx, s, a, now.toISOString().slice(0, 10));
    const env = {
      eventId: id,
      type: 'notifications.announcement_sent',
      version: 1,
      occurredAt: now.toISOString(),
      orgId: s.orgId,
      aggregateId: id,
      actorId: s.userId,
      correlationId: s.correlationId,
      causationId: s.requestId,
      data: {},
    };
    const notified = await deliver(
      trx,
      env,
      {
        locationId: a.locationId ?? null,
        type: 'system',
        category: 'announcement',
        priority: a.priority,
        preference: 'system',
        text: textOf('notifications.announcement.title', 'notifications.announcement.message', { title: a.title, message: a.message, sender: s.name }),
      },
      members.map((recipientId) => ({ recipientId, actionUrl: null, actionText: null })),
    );
    const row = await trx
      .insertInto('announcements')
      .values({
        id,
        org_id: s.orgId,
        title: a.title,
        message: a.message,
        audience: a.audience,
        location_id: a.locationId ?? null,
        trainer_id: a.trainerId ?? null,
        priority: a.priority,
        sent_by_id: s.userId,
        sent_by_name: s.name,
        recipient_count: notified.length,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAnnouncement(row);
  });

/** The organization's announcements, newest first (an admin sees those of their locations and the organization-wide ones). */
export const listAnnouncements = async ({ db }: Pick<NotificationsDeps, 'db'>, s: Sender, q: { page: number; limit: number }) => {
  let query = db.selectFrom('announcements').where('org_id', '=', s.orgId);
  if (s.role !== 'owner')
    query = query.where((eb) => eb.or([eb('location_id', 'is', null), ...(s.locationIds.length ? [eb('location_id', 'in', s.locationIds)] : [])]));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(pageOffset(q.page, q.limit)).limit(q.limit).execute(),
    query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(count.n);
  return { announcements: rows.map(toAnnouncement), totalCount, page: q.page, limit: q.limit, totalPages: totalPages(totalCount, q.limit) };
};
