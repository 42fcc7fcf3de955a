import type { KitTables } from '@akhada/kit';
import type { Generated } from 'kysely';

/** This service's copy of the organization's people (from auth, members and trainers events): who may talk to whom. */
export interface PeopleTable {
  id: string;
  org_id: string;
  role: 'owner' | 'admin' | 'trainer' | 'member';
  first_name: string;
  last_name: string;
  email: string;
  /** A member's or trainer's location; a staff account's locations. */
  location_ids: string[];
  /** A member's trainer. */
  trainer_id: string | null;
  active: boolean;
  updated_at: Date;
  /** Their profile picture's address (auth.user_avatar_changed); set apart from updated_at, which orders the other events. */
  avatar_url: string | null;
}

export interface ConversationsTable {
  id: string;
  org_id: string;
  type: 'direct' | 'group' | 'broadcast';
  name: string | null;
  description: string;
  group_type: 'general' | 'training' | 'class' | 'announcement' | 'support';
  created_by: string;
  /** Direct conversations: the two user ids, sorted and joined by ':' (unique per organization). */
  direct_key: string | null;
  last_seq: number;
  created_at: Date;
  updated_at: Date;
}

export interface ParticipantsTable {
  conversation_id: string;
  user_id: string;
  org_id: string;
  role: 'member' | 'admin';
  joined_at: Date;
  last_read_seq: number;
  last_read_at: Date | null;
  /** Set when removed or left: the person no longer reads or writes. */
  left_at: Date | null;
  /** Muted by this participant: no notifications of its messages (the live chat is unchanged). */
  muted: Generated<boolean>;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  org_id: string;
  seq: number;
  sender_id: string;
  type: 'text' | 'image' | 'file' | 'system';
  text: string;
  reply_to_id: string | null;
  is_deleted: boolean;
  deleted_at: Date | null;
  deleted_by: string | null;
  pinned_at: Date | null;
  pinned_by: string | null;
  /** The latest edit by its sender (null: never edited). */
  edited_at: Date | null;
  created_at: Date;
  search: Generated<string>;
}

export interface ReactionsTable {
  message_id: string;
  user_id: string;
  emoji: string;
  created_at: Date;
}

export interface AttachmentsTable {
  id: string;
  message_id: string;
  conversation_id: string;
  org_id: string;
  original_name: string;
  mime_type: string;
  size: number;
  kind: 'image' | 'video' | 'audio' | 'document';
  storage_key: string;
  thumb_key: string | null;
  created_at: Date;
}

export interface ChatDb extends KitTables {
  chat_people: PeopleTable;
  conversations: ConversationsTable;
  participants: ParticipantsTable;
  messages: MessagesTable;
  reactions: ReactionsTable;
  attachments: AttachmentsTable;
}
