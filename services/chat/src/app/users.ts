import type { ChatUser } from '@akhada/contracts';
import { peopleOfOrg, toPerson } from '../db/people-repo.ts';
import { mayReach } from '../domain/reach.ts';
import { chatUser } from '../views/chat-views.ts';
import { callerPerson, type Caller } from './access.ts';
import type { ChatDeps } from './deps.ts';

/** The people the caller may start a chat with (who-may-talk rules), by name. */
export const chatUsers = async ({ db }: Pick<ChatDeps, 'db'>, ctx: Caller, q: { search?: string | undefined; limit: number }): Promise<ChatUser[]> => {
  const me = await callerPerson(db, ctx);
  const s = q.search?.toLocaleLowerCase();
  return (await peopleOfOrg(db, ctx.orgId))
    .filter((p) => mayReach(me, toPerson(p)))
    .filter((p) => !s || `${p.first_name} ${p.last_name} ${p.email}`.toLocaleLowerCase().includes(s))
    .slice(0, q.limit)
    .map((p) => chatUser(p.id, p));
};
