import type { SearchHit } from '@akhada/contracts';
import { searchMessages } from '../db/chat-repo.ts';
import { toMessages } from '../views/chat-views.ts';
import { requireParticipant, type Caller } from './access.ts';
import type { ChatDeps } from './deps.ts';

/** PostgreSQL full text ('simple' configuration: no stemming, so Hindi and English words match alike) over the caller's conversations only. */
export const searchChat = async (
  { db, clock, signer }: Pick<ChatDeps, 'db' | 'clock' | 'signer'>,
  ctx: Caller,
  q: { query: string; conversationId?: string | undefined; limit: number },
): Promise<SearchHit[]> => {
  if (q.conversationId) await requireParticipant(db, ctx, q.conversationId);
  const rows = await searchMessages(db, ctx.orgId, ctx.userId, q);
  const messages = await toMessages(db, ctx, signer, rows, clock());
  const convs = rows.length
    ? await db
        .selectFrom('conversations')
        .select(['id', 'type', 'name'])
        .where('id', 'in', [...new Set(rows.map((r) => r.conversation_id))])
        .execute()
    : [];
  const convOf = new Map(convs.map((c) => [c.id, c]));
  return rows.map((r, i) => {
    const c = convOf.get(r.conversation_id)!;
    return { message: messages[i]!, conversation: { _id: c.id, type: c.type, name: c.name }, snippet: r.snippet };
  });
};
