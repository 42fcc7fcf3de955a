import type { NotificationStatus } from '@akhada/contracts';

/** The read state of one notification. Archived implies seen: archiving sets readAt when it was not set. */
export interface ReadState {
  status: NotificationStatus;
  readAt: Date | null;
}

export type ReadCommand = 'markRead' | 'markUnread' | 'archive';

/**
 * Pure transitions; `null` means nothing changes (so nothing is written or announced).
 * - markRead: unread → read, readAt set once (kept when it already has one).
 * - markUnread: read or archived → unread, readAt cleared.
 * - archive: unread or read → archived, readAt kept or set now.
 */
export const transition = (command: ReadCommand, state: ReadState, now: Date): ReadState | null => {
  switch (command) {
    case 'markRead':
      return state.status === 'unread' ? { status: 'read', readAt: state.readAt ?? now } : null;
    case 'markUnread':
      return state.status === 'unread' ? null : { status: 'unread', readAt: null };
    case 'archive':
      return state.status === 'archived' ? null : { status: 'archived', readAt: state.readAt ?? now };
    default: {
      const never: never = command;
      throw new Error(`unknown read command ${String(never)}`);
    }
  }
};

/** Whether the unread badge moves, i.e. whether the hubs must be told the new count. */
export const unreadChanged = (before: ReadState, after: ReadState): boolean => (before.status === 'unread') !== (after.status === 'unread');
