import { describe, expect, it } from 'vitest';
import { decideEdit, EDIT_WINDOW_MS, type EditableMessage } from './edit.ts';

const sentAt = new Date('2026-11-25T05:00:00Z');
const given = (m: Partial<EditableMessage> = {}): EditableMessage => ({
  senderId: 'sender',
  type: 'text',
  text: 'see you at 6',
  isDeleted: false,
  createdAt: sentAt,
  ...m,
});
const at = (ms: number) => new Date(sentAt.getTime() + ms);

describe('decideEdit', () => {
  it('given their own text message, when the sender edits it within the window, then the edit keeps the text before', () => {
    expect(decideEdit(given(), 'sender', 'see you at 7', at(60_000))).toEqual({ kind: 'edit', previousText: 'see you at 6', text: 'see you at 7' });
  });

  it('given the last moment of the window, when the sender edits, then it is still an edit', () => {
    expect(decideEdit(given(), 'sender', 'x', at(EDIT_WINDOW_MS)).kind).toBe('edit');
  });

  it('given a message past the window, when the sender edits, then 409 EDIT_WINDOW_CLOSED', () => {
    expect(decideEdit(given(), 'sender', 'x', at(EDIT_WINDOW_MS + 1))).toMatchObject({ kind: 'refused', status: 409, code: 'EDIT_WINDOW_CLOSED' });
  });

  it("given someone else's message, when another participant (even a group admin) edits, then 403 NOT_YOUR_MESSAGE", () => {
    expect(decideEdit(given(), 'admin', 'x', at(1000))).toMatchObject({ kind: 'refused', status: 403, code: 'NOT_YOUR_MESSAGE' });
  });

  it('given a deleted message, when its sender edits, then 409 MESSAGE_DELETED', () => {
    expect(decideEdit(given({ isDeleted: true, text: '' }), 'sender', 'x', at(1000))).toMatchObject({ kind: 'refused', status: 409, code: 'MESSAGE_DELETED' });
  });

  it('given a file message, when its sender edits, then 400', () => {
    expect(decideEdit(given({ type: 'file' }), 'sender', 'x', at(1000))).toMatchObject({ kind: 'refused', status: 400 });
  });

  it('given the same text, when the sender edits, then nothing changes', () => {
    expect(decideEdit(given(), 'sender', 'see you at 6', at(1000))).toEqual({ kind: 'unchanged' });
  });
});
