import {
  CHAT_SOCKET_EVENTS,
  ChatEvents,
  type ChatSocketConversation,
  type ChatSocketEvent,
  type ChatSocketMessage,
  type ChatSocketMessageDeleted,
  type ChatSocketMessageEdited,
  type ChatSocketPin,
  type ChatSocketReaction,
  type ChatSocketRead,
  type ChatSocketTyping,
  type EventEnvelope,
} from '@akhada/contracts';
import { userRoom } from './socket-types.ts';

/**
 * Chat to the browsers: every hub instance reads the chat topic under its own group and emits each event to the
 * rooms of the conversation's participants (`user:<id>`, joined from the verified token at connect). The chat topic is
 * keyed by conversation and one partition is read in order, so a conversation's events reach a socket in the order
 * the chat service committed them. At most once, like the rest of the hub: screens refetch after a reconnect.
 */
export interface ChatEmit {
  rooms: string[];
  event: ChatSocketEvent;
  payload:
    | ChatSocketMessage
    | ChatSocketMessageDeleted
    | ChatSocketMessageEdited
    | ChatSocketReaction
    | ChatSocketPin
    | ChatSocketConversation
    | ChatSocketRead
    | ChatSocketTyping;
}

const roomsOf = (ids: readonly string[]) => [...new Set(ids)].map(userRoom);

/** What one chat event becomes on the sockets (pure; unknown types become nothing). */
export const chatEmits = (env: EventEnvelope<unknown>): ChatEmit[] => {
  switch (env.type) {
    case ChatEvents.MessageSent.type: {
      const d = ChatEvents.MessageSent.data.parse(env.data);
      return [{ rooms: roomsOf(d.participantIds), event: CHAT_SOCKET_EVENTS.message, payload: { conversationId: d.conversationId, message: d.message } }];
    }
    case ChatEvents.MessageDeleted.type: {
      const d = ChatEvents.MessageDeleted.data.parse(env.data);
      return [
        { rooms: roomsOf(d.participantIds), event: CHAT_SOCKET_EVENTS.messageDeleted, payload: { conversationId: d.conversationId, messageId: d.messageId } },
      ];
    }
    case ChatEvents.MessageEdited.type: {
      const d = ChatEvents.MessageEdited.data.parse(env.data);
      // The text before stays in the event stream; the sockets get the new text only.
      const payload: ChatSocketMessageEdited = { conversationId: d.conversationId, messageId: d.messageId, seq: d.seq, text: d.text, editedAt: d.editedAt };
      return [{ rooms: roomsOf(d.participantIds), event: CHAT_SOCKET_EVENTS.messageEdited, payload }];
    }
    case ChatEvents.ReactionToggled.type: {
      const d = ChatEvents.ReactionToggled.data.parse(env.data);
      const { participantIds, ...payload } = d;
      return [{ rooms: roomsOf(participantIds), event: CHAT_SOCKET_EVENTS.reaction, payload }];
    }
    case ChatEvents.MessagePinned.type: {
      const d = ChatEvents.MessagePinned.data.parse(env.data);
      const { participantIds, ...payload } = d;
      return [{ rooms: roomsOf(participantIds), event: CHAT_SOCKET_EVENTS.pin, payload }];
    }
    case ChatEvents.ConversationCreated.type: {
      const d = ChatEvents.ConversationCreated.data.parse(env.data);
      return [
        {
          rooms: roomsOf(d.participantIds),
          event: CHAT_SOCKET_EVENTS.conversation,
          payload: { conversationId: d.conversationId, change: 'created', removed: false },
        },
      ];
    }
    case ChatEvents.ParticipantsChanged.type: {
      const d = ChatEvents.ParticipantsChanged.data.parse(env.data);
      const out: ChatEmit[] = [
        {
          rooms: roomsOf(d.participantIds),
          event: CHAT_SOCKET_EVENTS.conversation,
          payload: { conversationId: d.conversationId, change: 'participants_changed', removed: false },
        },
      ];
      if (d.removed.length > 0) {
        out.push({
          rooms: roomsOf(d.removed),
          event: CHAT_SOCKET_EVENTS.conversation,
          payload: { conversationId: d.conversationId, change: 'participants_changed', removed: true },
        });
      }
      return out;
    }
    case ChatEvents.ConversationRead.type: {
      const d = ChatEvents.ConversationRead.data.parse(env.data);
      const { participantIds, ...payload } = d;
      return [{ rooms: roomsOf(participantIds), event: CHAT_SOCKET_EVENTS.read, payload }];
    }
    case ChatEvents.Typing.type: {
      const d = ChatEvents.Typing.data.parse(env.data);
      const { participantIds, ...payload } = d;
      // The typist's own sockets do not need it.
      return [{ rooms: roomsOf(participantIds.filter((u) => u !== d.userId)), event: CHAT_SOCKET_EVENTS.typing, payload }];
    }
    default:
      return [];
  }
};
