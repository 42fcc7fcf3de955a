import { AppError, isStaff, notFound, type Executor, type RequestContext } from '@akhada/kit';
import { findConversation, findMessage, findParticipant } from '../db/chat-repo.ts';
import { findPerson, toPerson } from '../db/people-repo.ts';
import type { ChatDb } from '../db/schema.ts';
import type { Person } from '../domain/reach.ts';

export type Caller = Pick<RequestContext, 'userId' | 'orgId' | 'role' | 'locationIds' | 'name' | 'correlationId' | 'requestId'>;

/**
 * The caller as the who-may-talk rules see them: their row of this service's copy (a member's trainer and location),
 * with the token's role and, for staff, the token's locations (the truth at sign-in).
 */
export const callerPerson = async (db: Executor<ChatDb>, ctx: Caller): Promise<Person> => {
  const row = await findPerson(db, ctx.orgId, ctx.userId);
  const base: Person = row ? toPerson(row) : { id: ctx.userId, orgId: ctx.orgId, role: ctx.role, locationIds: ctx.locationIds, trainerId: null, active: true };
  return { ...base, role: ctx.role, locationIds: isStaff(ctx) || base.locationIds.length === 0 ? ctx.locationIds : base.locationIds, active: true };
};

/** The conversation and the caller's place in it; "Conversation not found" when it is another organization's or the caller is not in it. */
export const requireParticipant = async (db: Executor<ChatDb>, ctx: Caller, conversationId: string) => {
  const conversation = await findConversation(db, ctx.orgId, conversationId);
  const participant = conversation ? await findParticipant(db, conversation.id, ctx.userId) : undefined;
  if (!conversation || !participant) throw notFound('Conversation');
  return { conversation, participant };
};

/** A message of a conversation the caller is in; "Message not found" otherwise. */
export const requireMessage = async (db: Executor<ChatDb>, ctx: Caller, messageId: string) => {
  const message = await findMessage(db, ctx.orgId, messageId);
  if (!message) throw notFound('Message');
  const conversation = await findConversation(db, ctx.orgId, message.conversation_id);
  const participant = conversation ? await findParticipant(db, conversation.id, ctx.userId) : undefined;
  if (!conversation || !participant) throw notFound('Message');
  return { message, conversation, participant };
};

export const chatNotAllowed = (name = 'this person') => new AppError(403, 'CHAT_NOT_ALLOWED', `You cannot start a chat with ${name}`);
