import type { RequestContext } from '@akhada/kit';
import { AppError } from '@akhada/kit/domain';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { createHash, randomBytes } from 'node:crypto';
import { calendarPlaces, feedByHash, feedOf, saveFeed } from '../db/calendar-feeds-repo.ts';
import { assertSchedulingPlan } from './access.ts';
import type { SchedulingDeps } from './deps.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock' | 'directory'>;

/** Where a feed is served, below the app's origin (the gateway's /api prefix included: a phone calendar calls it). */
const feedPath = (token: string) => `/api/scheduling/calendar/${token}.ics`;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** How far back a feed reaches: last month's classes stay, so a calendar does not empty itself each morning. */
const FEED_DAYS_BACK = 30;

export const NOT_A_FEED = 'This calendar link is not valid. Make a new one in Akhada under My bookings.';

/** Whether the member has a feed (the link is shown only when made). */
export const myCalendar = async (deps: Deps, ctx: RequestContext) => {
  const feed = await feedOf(deps.db, ctx.orgId, ctx.userId);
  return { path: null, createdAt: feed?.created_at.toISOString() ?? null };
};

/** A new private link for the member; the one before stops working. */
export const makeCalendar = async (deps: Deps, ctx: RequestContext) => {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await saveFeed(deps.db, { member_id: ctx.userId, org_id: ctx.orgId, token_hash: hashOf(token), created_at: now });
  return { path: feedPath(token), createdAt: now.toISOString() };
};

const TEXT = {
  en: {
    name: 'My classes',
    waitlisted: 'You are on the waitlist. Akhada tells you when a place frees up.',
    offered: 'A place is offered to you: confirm it in Akhada before it passes to the next member.',
  },
  hi: {
    name: 'मेरी क्लासें',
    waitlisted: 'आप प्रतीक्षा सूची में हैं। जगह खाली होते ही Akhada आपको बताएगा।',
    offered: 'आपको एक जगह दी जा रही है: अगले सदस्य को जाने से पहले Akhada में पुष्टि करें।',
  },
} as const;

/** The language a phone's calendar asks for (Accept-Language): Hindi when it prefers it, else English. */
export const feedLanguage = (acceptLanguage: string | undefined): 'en' | 'hi' => {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('hi') ? 'hi' : 'en';
};

/**
 * The member's classes as iCalendar text. The link is the credential: an unknown token answers 404 with the same
 * words as a malformed one; a gym whose plan no longer has scheduling answers 402 as every other route does.
 */
export const calendarFeed = async (deps: Deps, feed: string, language: 'en' | 'hi'): Promise<string> => {
  const token = feed.replace(/\.ics$/, '');
  const owner = await feedByHash(deps.db, hashOf(token));
  if (!owner) throw new AppError(404, 'NOT_FOUND', NOT_A_FEED);
  await assertSchedulingPlan(deps, { orgId: owner.org_id });
  const now = deps.clock();
  const places = await calendarPlaces(deps.db, owner.org_id, owner.member_id, new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000));
  const text = TEXT[language];
  const names = new Map<string, string>();
  const calendar = ical({
    name: `Akhada · ${text.name}`,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'Akhada', product: 'Classes', language: language.toUpperCase() },
  });
  calendar.ttl(60 * 60);
  for (const p of places) {
    let gym = names.get(p.location_id);
    if (gym === undefined) names.set(p.location_id, (gym = (await deps.directory.location(p.location_id))?.name ?? ''));
    const waiting = p.status === 'waitlisted' || p.status === 'offered';
    calendar.createEvent({
      id: `${p.id}@akhada`,
      start: p.starts_at,
      end: p.ends_at,
      stamp: now,
      summary: p.class_name,
      location: [p.room, gym].filter(Boolean).join(', ') || null,
      status: p.class_status === 'cancelled' ? ICalEventStatus.CANCELLED : waiting ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      description: p.status === 'waitlisted' ? text.waitlisted : p.status === 'offered' ? text.offered : null,
    });
  }
  return calendar.toString();
};
