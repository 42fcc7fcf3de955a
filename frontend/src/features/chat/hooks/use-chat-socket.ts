import {
  CHAT_SOCKET_EVENTS,
  ChatSocketConversation,
  ChatSocketMessage,
  ChatSocketMessageDeleted,
  ChatSocketMessageEdited,
  ChatSocketPin,
  ChatSocketReaction,
  ChatSocketRead,
  ChatSocketTyping,
  type Conversation,
  type Message,
} from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { getHubSocket, subscribeHubSocket, type HubSocketLike } from '../../../lib/realtime/hub-socket';
import { chatKeys, patchMessage, upsertMessage, type MessagesCache } from '../api/chat-api';

/** How long "typing…" stays without a new signal (the app sends one at most every 3 s while typing). */
export const TYPING_TTL_MS = 6000;
export type TypingMap = Record<string, { userId: string; name: string; until: number }[]>;

const socketMessage = (d: z.infer<typeof ChatSocketMessage>['message']): Message => ({
  _id: d._id,
  conversationId: d.conversationId,
  seq: d.seq,
  sender: d.sender,
  type: d.type,
  content: { type: d.type === 'image' || d.type === 'file' ? d.type : 'text', text: d.text },
  replyTo: null,
  attachments: [],
  reactions: [],
  isPinned: false,
  isDeleted: false,
  editedAt: null,
  createdAt: d.createdAt,
});

/**
 * Chat over the shell's hub socket (no second connection): new messages, deletions, reactions, pins, read marks and
 * conversations update the react-query caches; typing is kept here. After a reconnect everything is refetched (the
 * hub delivers at most once). Payloads are checked against the contracts; a malformed one is dropped and logged.
 */
export function useChatSocket(): { typing: TypingMap; live: boolean } {
  const qc = useQueryClient();
  const [socket, setSocket] = useState<HubSocketLike | null>(getHubSocket);
  const [typing, setTyping] = useState<TypingMap>({});
  const [live, setLive] = useState(false);

  useEffect(() => {
    setSocket(getHubSocket());
    return subscribeHubSocket(setSocket);
  }, []);

  useEffect(() => {
    if (!socket) return;
    setLive(socket.connected);
    const parse =
      <S extends z.ZodType>(schema: S, event: string, fn: (d: z.infer<S>) => void) =>
      (raw: unknown) => {
        const p = schema.safeParse(raw);
        if (p.success) fn(p.data);
        else console.error(`[socket] ${event} does not match its contract`, p.error.issues);
      };
    const refreshLists = () => void qc.invalidateQueries({ queryKey: chatKeys.conversationLists });
    const handlers: [string, (raw: unknown) => void][] = [
      [
        CHAT_SOCKET_EVENTS.message,
        parse(ChatSocketMessage, CHAT_SOCKET_EVENTS.message, (d) => {
          const key = chatKeys.messages(d.conversationId);
          const cached = qc.getQueryData<MessagesCache>(key);
          const known = cached?.pages.some((p) => p.data.some((m) => m._id === d.message._id));
          // Replies and files need the full message (reply preview, signed links): fetch it; plain text goes in at once.
          if (!known) {
            if (d.message.replyToId || d.message.attachments.length > 0) void qc.invalidateQueries({ queryKey: key });
            else qc.setQueryData<MessagesCache>(key, (c) => upsertMessage(c, socketMessage(d.message)));
          }
          setTyping((t) => ({ ...t, [d.conversationId]: (t[d.conversationId] ?? []).filter((x) => x.userId !== d.message.sender._id) }));
          refreshLists();
        }),
      ],
      [
        CHAT_SOCKET_EVENTS.messageDeleted,
        parse(ChatSocketMessageDeleted, CHAT_SOCKET_EVENTS.messageDeleted, (d) => {
          qc.setQueryData<MessagesCache>(chatKeys.messages(d.conversationId), (c) =>
            patchMessage(c, d.messageId, (m) => ({
              ...m,
              isDeleted: true,
              isPinned: false,
              content: { ...m.content, text: '' },
              attachments: [],
              reactions: [],
            })),
          );
          refreshLists();
        }),
      ],
      [
        CHAT_SOCKET_EVENTS.messageEdited,
        parse(ChatSocketMessageEdited, CHAT_SOCKET_EVENTS.messageEdited, (d) => {
          qc.setQueryData<MessagesCache>(chatKeys.messages(d.conversationId), (c) =>
            patchMessage(c, d.messageId, (m) =>
              // An edit after a deletion (or an older edit after a newer one) changes nothing.
              m.isDeleted || (m.editedAt !== null && m.editedAt > d.editedAt) ? m : { ...m, content: { ...m.content, text: d.text }, editedAt: d.editedAt },
            ),
          );
          refreshLists();
        }),
      ],
      [
        CHAT_SOCKET_EVENTS.reaction,
        parse(ChatSocketReaction, CHAT_SOCKET_EVENTS.reaction, (d) =>
          qc.setQueryData<MessagesCache>(chatKeys.messages(d.conversationId), (c) => patchMessage(c, d.messageId, (m) => ({ ...m, reactions: d.reactions }))),
        ),
      ],
      [
        CHAT_SOCKET_EVENTS.pin,
        parse(ChatSocketPin, CHAT_SOCKET_EVENTS.pin, (d) => {
          qc.setQueryData<MessagesCache>(chatKeys.messages(d.conversationId), (c) => patchMessage(c, d.messageId, (m) => ({ ...m, isPinned: d.isPinned })));
          void qc.invalidateQueries({ queryKey: chatKeys.conversation(d.conversationId) });
        }),
      ],
      [
        CHAT_SOCKET_EVENTS.conversation,
        parse(ChatSocketConversation, CHAT_SOCKET_EVENTS.conversation, (d) => {
          refreshLists();
          void qc.invalidateQueries({ queryKey: chatKeys.conversation(d.conversationId) });
        }),
      ],
      [
        CHAT_SOCKET_EVENTS.read,
        parse(ChatSocketRead, CHAT_SOCKET_EVENTS.read, (d) => {
          // The read mark moves at once (seen-by), then the conversation is fetched again.
          qc.setQueryData<Conversation>(chatKeys.conversation(d.conversationId), (c) =>
            c
              ? {
                  ...c,
                  participants: c.participants.map((p) =>
                    p.user._id === d.userId && d.lastReadSeq > p.lastReadSeq ? { ...p, lastReadSeq: d.lastReadSeq, lastReadAt: d.lastReadAt } : p,
                  ),
                }
              : c,
          );
          void qc.invalidateQueries({ queryKey: chatKeys.conversation(d.conversationId) });
          refreshLists();
        }),
      ],
      [
        CHAT_SOCKET_EVENTS.typing,
        parse(ChatSocketTyping, CHAT_SOCKET_EVENTS.typing, (d) =>
          setTyping((t) => {
            const others = (t[d.conversationId] ?? []).filter((x) => x.userId !== d.userId);
            return { ...t, [d.conversationId]: d.isTyping ? [...others, { userId: d.userId, name: d.name, until: Date.now() + TYPING_TTL_MS }] : others };
          }),
        ),
      ],
    ];
    const onConnect = () => {
      setLive(true);
      void qc.invalidateQueries({ queryKey: chatKeys.all });
    };
    const onDisconnect = () => setLive(false);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    for (const [e, h] of handlers) socket.on(e, h);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      for (const [e, h] of handlers) socket.off(e, h);
    };
  }, [socket, qc]);

  // Typing lapses on its own.
  useEffect(() => {
    const timer = setInterval(() => {
      setTyping((t) => {
        const now = Date.now();
        let changed = false;
        const next: TypingMap = {};
        for (const [k, v] of Object.entries(t)) {
          const keep = v.filter((x) => x.until > now);
          if (keep.length !== v.length) changed = true;
          next[k] = keep;
        }
        return changed ? next : t;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  return { typing, live };
}
