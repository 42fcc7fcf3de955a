import type { FeedbackAnalytics, FeedbackAnalyticsQuery } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import type { z } from 'zod';
import type { FeedbackDeps } from './deps.ts';
import { DEFAULT_TIME_ZONE, dateIn } from '@akhada/kit';

const DAY = 86_400_000;
const DAYS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;
const TYPES = ['general', 'trainer', 'facility', 'service', 'membership', 'complaint'] as const;
const CATEGORIES = ['equipment', 'cleanliness', 'safety', 'trainer', 'staff', 'billing', 'membership', 'facility', 'noise', 'other'] as const;
const STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Words too common to tell anything (English and romanized Hindi), left out of the word frequencies. */
const STOP = new Set(
  (
    'a an the and or but if then than so to of in on at by for with from as is are was were be been being it its this that these those ' +
    'i me my we our you your he she they them their his her not no yes very too also just only more most much many some any all can ' +
    'could would should will shall do does did done have has had get got make made there here when what which who whom how why about ' +
    'after before again into out up down over under while because please thanks thank gym hai hain ka ki ke ko se mein me aur bhi nahi'
  ).split(' '),
);

export const wordFrequencies = (texts: string[], top = 30): { word: string; count: number }[] => {
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of t.toLowerCase().match(/[\p{L}\p{M}]{3,}/gu) ?? []) if (!STOP.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([word, count]) => ({ word, count }));
};

/** The analytics screen: every figure over the caller's locations, computed from the tickets of two periods. */
export const feedbackAnalytics = async (
  deps: Pick<FeedbackDeps, 'db' | 'clock' | 'directory'>,
  ctx: RequestContext,
  q: z.output<typeof FeedbackAnalyticsQuery>,
): Promise<FeedbackAnalytics> => {
  const now = deps.clock();
  const days = DAYS[q.period];
  const from = new Date(now.getTime() - days * DAY);
  const prevFrom = new Date(from.getTime() - days * DAY);
  const locations = q.locationId ? ctx.locationIds.filter((l) => l === q.locationId) : ctx.locationIds;
  const zone = (locations[0] ? (await deps.directory.location(locations[0]))?.timezone : undefined) ?? DEFAULT_TIME_ZONE;
  const all = locations.length
    ? await (() => {
        let b = deps.db
          .selectFrom('feedback')
          .select([
            'id',
            'type',
            'rating',
            'status',
            'complaint_category',
            'priority',
            'trainer_id',
            'description',
            'title',
            'first_responded_at',
            'created_at',
          ])
          .where('org_id', '=', ctx.orgId)
          .where('archived_at', 'is', null)
          .where('location_id', 'in', locations)
          .where('created_at', '>=', prevFrom);
        if (q.type) b = b.where('type', '=', q.type);
        return b.orderBy('created_at', 'desc').execute();
      })()
    : [];
  const cur = all.filter((r) => r.created_at >= from);
  const prev = all.filter((r) => r.created_at < from);

  const trendMap = new Map<string, number[]>();
  for (let d = 0; d < days; d++) trendMap.set(dateIn(zone, new Date(from.getTime() + (d + 1) * DAY)), []);
  for (const r of cur) trendMap.get(dateIn(zone, r.created_at))?.push(r.rating);
  const distribution = (rs: { rating: number }[]) => [1, 2, 3, 4, 5].map((n) => rs.filter((r) => r.rating === n).length);

  const responded = cur.filter((r) => r.first_responded_at);
  const hours = responded.map((r) => (r.first_responded_at!.getTime() - r.created_at.getTime()) / 3_600_000).sort((a, b) => a - b);
  const median = hours.length ? (hours.length % 2 ? hours[(hours.length - 1) / 2]! : (hours[hours.length / 2 - 1]! + hours[hours.length / 2]!) / 2) : null;

  // Open complaints by age look at every open complaint now, whatever the period.
  const openComplaints = locations.length
    ? await deps.db
        .selectFrom('feedback')
        .select(['priority', 'created_at', 'trainer_id'])
        .where('org_id', '=', ctx.orgId)
        .where('archived_at', 'is', null)
        .where('location_id', 'in', locations)
        .where('type', '=', 'complaint')
        .where('status', 'in', ['open', 'in_progress'])
        .execute()
    : [];
  const bucketOf = (at: Date) => {
    const age = (now.getTime() - at.getTime()) / DAY;
    return age < 1 ? 'lt1d' : age < 3 ? '1to3d' : age < 7 ? '3to7d' : 'gt7d';
  };
  const openComplaintsByAge = (['lt1d', '1to3d', '3to7d', 'gt7d'] as const).map((bucket) => {
    const inBucket = openComplaints.filter((c) => bucketOf(c.created_at) === bucket);
    const n = (p: string) => inBucket.filter((c) => (c.priority ?? 'medium') === p).length;
    return { bucket, low: n('low'), medium: n('medium'), high: n('high'), urgent: n('urgent') };
  });

  // Trainer scorecards: trainer feedback of the period per trainer, against the previous period.
  const trainerIds = [...new Set(all.filter((r) => r.type === 'trainer' && r.trainer_id).map((r) => r.trainer_id!))];
  const trainers = trainerIds.length
    ? await deps.db.selectFrom('trainers').select(['id', 'first_name', 'last_name']).where('org_id', '=', ctx.orgId).where('id', 'in', trainerIds).execute()
    : [];
  const names = new Map(trainers.map((t) => [t.id, t]));
  const trainerScorecards = trainerIds
    .map((id) => {
      const mine = cur.filter((r) => r.type === 'trainer' && r.trainer_id === id);
      const before = prev.filter((r) => r.type === 'trainer' && r.trainer_id === id);
      const t = names.get(id);
      const avg = mean(mine.map((r) => r.rating));
      const prevAvg = mean(before.map((r) => r.rating));
      return {
        trainer: { _id: id, firstName: t?.first_name ?? 'Trainer', lastName: t?.last_name ?? '' },
        average: avg === null ? 0 : round(avg),
        count: mine.length,
        previousAverage: prevAvg === null ? null : round(prevAvg),
        distribution: distribution(mine),
        openComplaints: openComplaints.filter((c) => c.trainer_id === id).length,
      };
    })
    .filter((s) => s.count > 0 || s.previousAverage !== null)
    .sort((a, b) => b.average - a.average || b.count - a.count);

  const avg = mean(cur.map((r) => r.rating));
  const prevAvg = mean(prev.map((r) => r.rating));
  return {
    period: q.period,
    from: from.toISOString(),
    to: now.toISOString(),
    total: cur.length,
    averageRating: avg === null ? 0 : round(avg),
    previousAverageRating: prevAvg === null ? null : round(prevAvg),
    trend: [...trendMap.entries()].map(([date, rs]) => ({ date, average: rs.length ? round(mean(rs)!) : null, count: rs.length })),
    ratingDistribution: distribution(cur),
    byType: TYPES.map((type) => {
      const rs = cur.filter((r) => r.type === type);
      return { type, count: rs.length, average: rs.length ? round(mean(rs.map((r) => r.rating))!) : 0 };
    }),
    byCategory: CATEGORIES.map((category) => ({ category, count: cur.filter((r) => r.complaint_category === category).length })).filter((c) => c.count > 0),
    byStatus: STATUSES.map((status) => ({ status, count: cur.filter((r) => r.status === status).length })),
    responseTime: {
      averageHours: hours.length ? round(mean(hours)!, 1) : null,
      medianHours: median === null ? null : round(median, 1),
      responded: responded.length,
      unanswered: cur.length - responded.length,
    },
    openComplaintsByAge,
    trainerScorecards,
    wordFrequencies: wordFrequencies(cur.slice(0, 200).map((r) => `${r.title} ${r.description}`)),
  };
};
