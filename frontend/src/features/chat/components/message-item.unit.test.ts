import type { Message } from '@akhada/contracts';
import { describe, expect, it } from 'vitest';
import { editableNow } from './message-item';

const me = '11111111-1111-4111-8111-111111111111';
const sentAt = '2026-11-25T05:00:00.000Z';
const msg = (o: Partial<Message> = {}): Message => ({
  _id: '22222222-2222-4222-8222-222222222222',
  conversationId: '33333333-3333-4333-8333-333333333333',
  seq: 1,
  sender: { _id: me, firstName: 'Meera', lastName: 'Test' },
  type: 'text',
  content: { type: 'text', text: 'hi' },
  replyTo: null,
  attachments: [],
  reactions: [],
  isPinned: false,
  isDeleted: false,
  editedAt: null,
  createdAt: sentAt,
  ...o,
});
const after = (minutes: number) => new Date(Date.parse(sentAt) + minutes * 60_000);

describe('editableNow (the Edit action shows)', () => {
  it('for my own text message within 15 minutes', () => {
    expect(editableNow(msg(), me, after(14))).toBe(true);
    expect(editableNow(msg(), me, after(16))).toBe(false);
  });
  it("never for someone else's, a deleted or a file message", () => {
    expect(editableNow(msg({ sender: { _id: '44444444-4444-4444-8444-444444444444', firstName: 'T', lastName: 'T' } }), me, after(1))).toBe(false);
    expect(editableNow(msg({ isDeleted: true }), me, after(1))).toBe(false);
    expect(editableNow(msg({ type: 'file' }), me, after(1))).toBe(false);
  });
});
