import { chatRoutes as r, type Conversation, type CreateConversationBody, type Message } from '@akhada/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { apiLanguage } from '../../../lib/api-language';
import { buildUrl, callRoute, parseResponse } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth/token-store';

/** Query keys of the chat screens (one place, so the socket hook updates the same caches). */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: (search: string) => ['chat', 'conversations', search] as const,
  conversationLists: ['chat', 'conversations'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  messages: (id: string) => ['chat', 'messages', id] as const,
  users: (search: string) => ['chat', 'users', search] as const,
};

export const MESSAGE_PAGE_SIZE = 30;
export type MessagePage = { data: Message[]; pagination: { hasMore: boolean; nextCursor: string | null } };
export type MessagesCache = InfiniteData<MessagePage, string | null>;

export async function getConversations(search: string, signal?: AbortSignal): Promise<Conversation[]> {
  const json = await callRoute(r.conversations, { query: { search: search || undefined, limit: 100 }, signal });
  return parseResponse(r.conversations.responses[200], json, 'GET /chat/conversations').data;
}
export const useConversations = (search: string) =>
  useQuery({ queryKey: chatKeys.conversations(search), queryFn: ({ signal }) => getConversations(search, signal), staleTime: 30_000 });

export async function getConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  const json = await callRoute(r.conversation, { params: { id }, signal });
  return parseResponse(r.conversation.responses[200], json, 'GET /chat/conversations/:id').data;
}
export const useConversation = (id: string | null) =>
  useQuery({ queryKey: chatKeys.conversation(id ?? ''), queryFn: ({ signal }) => getConversation(id!, signal), enabled: id !== null });

export async function getMessages(id: string, before: string | null, signal?: AbortSignal): Promise<MessagePage> {
  const json = await callRoute(r.messages, { params: { id }, query: { before: before ?? undefined, limit: MESSAGE_PAGE_SIZE }, signal });
  return parseResponse(r.messages.responses[200], json, 'GET /chat/conversations/:id/messages');
}
/** Pages of messages, newest page first in `pages` (each page is oldest-first); the pane shows them reversed by page. */
export const useMessages = (id: string | null) =>
  useInfiniteQuery({
    queryKey: chatKeys.messages(id ?? ''),
    queryFn: ({ pageParam, signal }) => getMessages(id!, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.nextCursor : undefined),
    enabled: id !== null,
  });

export async function getChatUsers(search: string, signal?: AbortSignal) {
  const json = await callRoute(r.users, { query: { search: search || undefined, limit: 200 }, signal });
  return parseResponse(r.users.responses[200], json, 'GET /chat/users').data;
}
export const useChatUsers = (search: string, enabled: boolean) =>
  useQuery({ queryKey: chatKeys.users(search), queryFn: ({ signal }) => getChatUsers(search, signal), enabled, staleTime: 60_000 });

export async function searchMessages(query: string, signal?: AbortSignal) {
  const json = await callRoute(r.search, { query: { query, limit: 20 }, signal });
  return parseResponse(r.search.responses[200], json, 'GET /chat/search').data;
}
export const useMessageSearch = (query: string) =>
  useQuery({ queryKey: ['chat', 'search', query], queryFn: ({ signal }) => searchMessages(query, signal), enabled: query.trim().length >= 2 });

export async function createConversation(body: CreateConversationBody): Promise<Conversation> {
  const json = await callRoute(r.create, { body });
  return parseResponse(r.create.responses[201], json, 'POST /chat/conversations').data;
}

export async function sendMessage(id: string, content: string, replyTo: string | null): Promise<Message> {
  const json = await callRoute(r.send, { params: { id }, body: { content, replyTo } });
  return parseResponse(r.send.responses[201], json, 'POST /chat/conversations/:id/messages').data;
}

/** POST /api/chat/conversations/:id/upload as multipart (file, content, replyTo). */
export async function uploadFile(id: string, file: File, content: string, replyTo: string | null): Promise<Message> {
  const form = new FormData();
  if (content) form.set('content', content);
  if (replyTo) form.set('replyTo', replyTo);
  form.set('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': apiLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(buildUrl(`/chat/conversations/${encodeURIComponent(id)}/upload`), { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError({ kind: 'network', message: cause instanceof Error ? cause.message : '', cause });
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw ApiError.fromResponse(res.status, json, res.headers.get('retry-after'));
  return parseResponse(r.upload.responses[201], json, 'POST /chat/conversations/:id/upload').data;
}

export async function toggleReaction(messageId: string, emoji: string): Promise<Message> {
  const json = await callRoute(r.react, { params: { id: messageId }, body: { emoji } });
  return parseResponse(r.react.responses[200], json, 'POST /chat/messages/:id/reactions').data;
}
export async function deleteMessage(messageId: string): Promise<Message> {
  const json = await callRoute(r.delete, { params: { id: messageId } });
  return parseResponse(r.delete.responses[200], json, 'DELETE /chat/messages/:id').data;
}
export async function setMuted(id: string, muted: boolean): Promise<Conversation> {
  const json = await callRoute(r.mute, { params: { id }, body: { muted } });
  return parseResponse(r.mute.responses[200], json, 'POST /chat/conversations/:id/mute').data;
}
export async function editMessage(messageId: string, content: string): Promise<Message> {
  const json = await callRoute(r.edit, { params: { id: messageId }, body: { content } });
  return parseResponse(r.edit.responses[200], json, 'PATCH /chat/messages/:id').data;
}
export async function togglePin(messageId: string): Promise<Message> {
  const json = await callRoute(r.pin, { params: { id: messageId } });
  return parseResponse(r.pin.responses[200], json, 'POST /chat/messages/:id/pin').data;
}
export async function markRead(id: string) {
  const json = await callRoute(r.read, { params: { id }, body: {} });
  return parseResponse(r.read.responses[200], json, 'POST /chat/conversations/:id/read').data;
}
export async function sendTyping(id: string, isTyping: boolean) {
  await callRoute(r.typing, { params: { id }, body: { isTyping } });
}

/** Puts a message into the cached pages of its conversation (replacing it when present, else appended as newest). */
export function upsertMessage(cache: MessagesCache | undefined, m: Message): MessagesCache | undefined {
  if (!cache) return cache;
  let found = false;
  const pages = cache.pages.map((p) => ({
    ...p,
    data: p.data.map((x) => {
      if (x._id !== m._id) return x;
      found = true;
      return m;
    }),
  }));
  if (!found && pages[0]) pages[0] = { ...pages[0], data: [...pages[0].data, m].sort((a, b) => a.seq - b.seq) };
  return { ...cache, pages };
}

/** Changes one cached message in place (reactions, pin, deletion pushed by the hub). */
export function patchMessage(cache: MessagesCache | undefined, id: string, patch: (m: Message) => Message): MessagesCache | undefined {
  if (!cache) return cache;
  return { ...cache, pages: cache.pages.map((p) => ({ ...p, data: p.data.map((x) => (x._id === id ? patch(x) : x)) })) };
}

/** A message mutation: the answer goes into the cache and the list is refreshed. */
export function useMessageMutation<V>(conversationId: string | null, fn: (v: V) => Promise<Message>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (m) => {
      qc.setQueryData<MessagesCache>(chatKeys.messages(m.conversationId), (c) => upsertMessage(c, m));
      if (conversationId && m.conversationId !== conversationId) void qc.invalidateQueries({ queryKey: chatKeys.messages(m.conversationId) });
      void qc.invalidateQueries({ queryKey: chatKeys.conversationLists });
      if (conversationId) void qc.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) });
    },
    onError: (err) => console.error('[chat]', err),
  });
}
