import type { ServiceExportQuery } from '@akhada/contracts';
import { exportFile, keysetPages, type ExportColumn, type RequestContext } from '@akhada/kit';
import { existingAuthorKeyOf } from '../db/author-keys.ts';
import type { FeedbackTable } from '../db/schema.ts';
import type { FeedbackDeps } from './deps.ts';

const PAGE = 1000;

/** Anonymous feedback never names its author: the projection keeps no author for it, and the export adds none. */
const COLUMNS: ExportColumn<FeedbackTable>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'locationId', value: (r) => r.location_id },
  { header: 'type', value: (r) => r.type },
  { header: 'rating', value: (r) => r.rating },
  { header: 'title', value: (r) => r.title },
  { header: 'description', value: (r) => r.description },
  { header: 'complaintCategory', value: (r) => r.complaint_category },
  { header: 'priority', value: (r) => r.priority },
  { header: 'status', value: (r) => r.status },
  { header: 'isAnonymous', value: (r) => r.is_anonymous },
  { header: 'authorId', value: (r) => (r.is_anonymous ? null : r.author_id) },
  { header: 'authorName', value: (r) => (r.is_anonymous ? null : r.author_name) },
  { header: 'trainerId', value: (r) => r.trainer_id },
  { header: 'responses', value: (r) => r.responses.map((x) => x.message).join(' | ') },
  { header: 'createdAt', value: (r) => new Date(r.created_at).toISOString() },
  { header: 'resolvedAt', value: (r) => (r.resolved_at ? new Date(r.resolved_at).toISOString() : null) },
];

/** Owners and admins: the feedback of their locations (archived, i.e. deleted, tickets left out as in every list). A member: what they wrote (anonymous included, found by their author key). */
export const exportFeedback = async (deps: Pick<FeedbackDeps, 'db'>, ctx: RequestContext, q: ServiceExportQuery) => {
  const own = ctx.role === 'member';
  const key = own ? await existingAuthorKeyOf(deps.db, ctx.orgId, ctx.userId) : null;
  const rows = keysetPages<FeedbackTable>(async (after) => {
    if (own ? !key : ctx.locationIds.length === 0) return [];
    let query = deps.db.selectFrom('feedback').selectAll().where('org_id', '=', ctx.orgId).where('archived_at', 'is', null);
    query = own ? query.where('author_key', '=', key!) : query.where('location_id', 'in', ctx.locationIds);
    if (after) query = query.where('id', '>', after.id);
    return (await query.orderBy('id').limit(PAGE).execute()) as FeedbackTable[];
  }, PAGE);
  return exportFile(rows, COLUMNS, q.format, own ? 'my-feedback' : 'feedback');
};
