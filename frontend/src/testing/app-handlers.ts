import {
  audienceRoutes,
  authRoutes,
  MARKETING_CHANNEL_LIST,
  memberPlanRoutes,
  memberRoutes,
  notificationRoutes,
  type ChannelConsent,
  type MarketingChannel,
  type Member,
  type MembershipPlan,
  type Notification,
  type User,
} from '@akhada/contracts';
import type { DefaultBodyType, HttpResponseResolver, PathParams } from 'msw';
import { aUser } from './fixtures';
import { on, reply } from './contract-handlers';

type Resolver = HttpResponseResolver<PathParams, DefaultBodyType>;

/** GET /auth/me answers with this user. */
export const meIs = (user: User = aUser()) => on(authRoutes.me, () => reply(authRoutes.me, 200, { success: true, data: { user } }));

/** The notifications service answering from this list: the list (any page, type or status), the counts, the stats. */
export function notificationsAre(items: Notification[] = []) {
  const unread = items.filter((n) => n.status === 'unread').length;
  const types = [...new Set(items.map((n) => n.type))];
  return [
    on(notificationRoutes.unreadCount, () => reply(notificationRoutes.unreadCount, 200, { success: true, data: { unreadCount: unread } })),
    // Staff see the announcements box on the notifications page: none sent yet.
    on(notificationRoutes.announcements, () =>
      reply(notificationRoutes.announcements, 200, {
        success: true,
        data: { announcements: [] },
        totalCount: 0,
        pagination: { page: 1, limit: 5, totalPages: 0 },
      }),
    ),
    on(notificationRoutes.stats, () =>
      reply(notificationRoutes.stats, 200, {
        success: true,
        data: {
          unreadCount: unread,
          typeStats: types.map((type) => ({
            _id: type,
            count: items.filter((n) => n.type === type).length,
            unread: items.filter((n) => n.type === type && n.status === 'unread').length,
          })),
        },
      }),
    ),
    on(notificationRoutes.list, notificationListReply(items)),
  ];
}

/** GET /notifications answered from this list (page, limit, type and status as the service does them). */
export const notificationListReply =
  (items: Notification[]): Resolver =>
  ({ request }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const page = Number(url.searchParams.get('page') ?? 1);
    const status = url.searchParams.get('status');
    const type = url.searchParams.get('type');
    const matching = items.filter((n) => (!status || n.status === status) && (!type || n.type === type));
    return reply(notificationRoutes.list, 200, {
      success: true,
      data: { notifications: matching.slice((page - 1) * limit, page * limit) },
      totalCount: matching.length,
      pagination: { page, limit, totalPages: Math.ceil(matching.length / limit) },
    });
  };

/** GET /members answers from this list (status and paging as the service does them). */
export const membersAre = (members: Member[]) => on(memberRoutes.list, memberListReply(members));

/** The reply of GET /members from this list. */
export const memberListReply =
  (members: Member[]): Resolver =>
  ({ request }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    const status = url.searchParams.get('status');
    const matching = members.filter((m) => !status || m.membershipStatus === status);
    return reply(memberRoutes.list, 200, {
      success: true,
      data: matching.slice((page - 1) * limit, page * limit),
      totalCount: matching.length,
      pagination: { page, limit, totalPages: Math.ceil(matching.length / limit) },
    });
  };

/** GET /members/plans answers with these plans (the gym's, from Settings → Gym). */
export const membershipPlansAre = (plans: MembershipPlan[]) =>
  on(memberPlanRoutes.plans, () => reply(memberPlanRoutes.plans, 200, { success: true, data: plans }));

/** A signed-in owner with an empty bell: what every screen behind the shell needs. */
export const signedInShell = (user: User = aUser()) => [meIs(user), ...notificationsAre([])];

/**
 * GET /notifications/marketing-consent/:personId (the desk's Marketing consent card on member and lead pages): the
 * person's channels as given (by default never recorded), as a member unless `kind` says lead.
 */
export const marketingConsentIs = (channels: Partial<Record<MarketingChannel, Omit<ChannelConsent, 'channel'>>> = {}, kind: 'member' | 'lead' = 'member') =>
  on(audienceRoutes.personMarketingConsent, ({ params }) =>
    reply(audienceRoutes.personMarketingConsent, 200, {
      success: true,
      data: {
        personId: String(params.personId),
        kind,
        name: '',
        channels: MARKETING_CHANNEL_LIST.map((channel) => ({ channel, granted: false, method: null, changedAt: null, ...channels[channel] })),
        history: [],
      },
    }),
  );
