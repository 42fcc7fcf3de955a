import { CHAT_EDIT_WINDOW_MINUTES } from '@akhada/contracts';

/** What the edit rule sees of a message. */
export interface EditableMessage {
  senderId: string;
  type: 'text' | 'image' | 'file' | 'system';
  text: string;
  isDeleted: boolean;
  createdAt: Date;
}

export type EditDecision =
  | { kind: 'edit'; previousText: string; text: string }
  | { kind: 'unchanged' }
  | { kind: 'refused'; status: 400 | 403 | 409; code: 'BAD_REQUEST' | 'NOT_YOUR_MESSAGE' | 'MESSAGE_DELETED' | 'EDIT_WINDOW_CLOSED'; message: string };

export const EDIT_WINDOW_MS = CHAT_EDIT_WINDOW_MINUTES * 60_000;

/**
 * Who may edit a message and when (pure): only its sender (not a group admin: an admin deletes, never puts words in
 * someone's mouth), only a text message, never a deleted one, and within the window after sending. The same text
 * again is no edit (no event, no "edited").
 */
export const decideEdit = (m: EditableMessage, callerId: string, text: string, now: Date): EditDecision => {
  if (m.senderId !== callerId) return { kind: 'refused', status: 403, code: 'NOT_YOUR_MESSAGE', message: 'You can only edit your own messages' };
  if (m.isDeleted) return { kind: 'refused', status: 409, code: 'MESSAGE_DELETED', message: 'A deleted message cannot be edited' };
  if (m.type !== 'text') return { kind: 'refused', status: 400, code: 'BAD_REQUEST', message: 'Only text messages can be edited' };
  if (now.getTime() - m.createdAt.getTime() > EDIT_WINDOW_MS)
    return {
      kind: 'refused',
      status: 409,
      code: 'EDIT_WINDOW_CLOSED',
      message: `A message can be edited for ${CHAT_EDIT_WINDOW_MINUTES} minutes after sending`,
    };
  if (text === m.text) return { kind: 'unchanged' };
  return { kind: 'edit', previousText: m.text, text };
};
