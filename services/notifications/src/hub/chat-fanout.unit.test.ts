import { CHAT_SOCKET_EVENTS, ChatEvents } from '@akhada/contracts';
import { makeEnvelope, newId } from '@akhada/kit';
import { describe, expect, it } from 'vitest';
import { chatEmits } from './chat-fanout.ts';

const [a, b, c, conversationId, messageId] = [newId(), newId(), newId(), newId(), newId()];
const meta = { aggregateId: conversationId, orgId: newId(), correlationId: 'c', causationId: 'c', occurredAt: '2026-11-20T10:00:00.000Z' };

describe('chat fan-out routing', () => {
  it('a message goes to every participant’s room, once each', () => {
    const message = {
      _id: messageId,
      conversationId,
      seq: 1,
      sender: { _id: a, firstName: 'A', lastName: 'B' },
      type: 'text' as const,
      text: 'hi',
      replyToId: null,
      attachments: [],
      createdAt: meta.occurredAt,
    };
    const env = makeEnvelope(ChatEvents.MessageSent, {
      ...meta,
      data: {
        conversationId,
        conversationType: 'group',
        conversationName: 'G',
        participantIds: [a, b, c, b],
        recipientIds: [b, c],
        senderName: 'A B',
        preview: 'hi',
        link: '/dashboard/chat',
        message,
      },
    });
    expect(chatEmits(env)).toEqual([
      { rooms: [`user:${a}`, `user:${b}`, `user:${c}`], event: CHAT_SOCKET_EVENTS.message, payload: { conversationId, message } },
    ]);
  });
  it('typing skips the typist; a removed participant is told they were removed', () => {
    const typing = makeEnvelope(ChatEvents.Typing, { ...meta, data: { conversationId, participantIds: [a, b], userId: a, name: 'A', isTyping: true } });
    expect(chatEmits(typing)[0]!.rooms).toEqual([`user:${b}`]);
    const changed = makeEnvelope(ChatEvents.ParticipantsChanged, { ...meta, data: { conversationId, participantIds: [a], added: [], removed: [b], by: a } });
    expect(chatEmits(changed).map((e) => [e.rooms, (e.payload as { removed: boolean }).removed])).toEqual([
      [[`user:${a}`], false],
      [[`user:${b}`], true],
    ]);
  });
  it('an edit goes to every participant with the new text only (the text before stays in the event stream)', () => {
    const edited = makeEnvelope(ChatEvents.MessageEdited, {
      ...meta,
      data: { conversationId, messageId, seq: 3, participantIds: [a, b], editedBy: a, previousText: 'old', text: 'new', editedAt: meta.occurredAt },
    });
    expect(chatEmits(edited)).toEqual([
      {
        rooms: [`user:${a}`, `user:${b}`],
        event: CHAT_SOCKET_EVENTS.messageEdited,
        payload: { conversationId, messageId, seq: 3, text: 'new', editedAt: meta.occurredAt },
      },
    ]);
  });
  it('ignores other events', () => {
    expect(chatEmits({ ...meta, eventId: newId(), type: 'members.member_archived', version: 1, data: {} })).toEqual([]);
  });
});
