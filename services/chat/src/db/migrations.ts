import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The service's tables; the kit's (events, outbox, inbox, dead_letters) run first as 0000_*. Append, never edit. */
export const migrations: Record<string, Migration> = {
  '0001_chat': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table chat_people (
          id uuid primary key,
          org_id uuid not null,
          role text not null,
          first_name text not null,
          last_name text not null,
          email text not null default '',
          location_ids uuid[] not null default '{}',
          trainer_id uuid,
          active boolean not null default true,
          updated_at timestamptz not null
        );
        create index chat_people_org_idx on chat_people (org_id);
        create table conversations (
          id uuid primary key,
          org_id uuid not null,
          type text not null,
          name text,
          description text not null default '',
          group_type text not null default 'general',
          created_by uuid not null,
          direct_key text,
          last_seq integer not null default 0,
          created_at timestamptz not null,
          updated_at timestamptz not null
        );
        create unique index conversations_direct_uq on conversations (org_id, direct_key) where direct_key is not null;
        create table participants (
          conversation_id uuid not null references conversations (id),
          user_id uuid not null,
          org_id uuid not null,
          role text not null default 'member',
          joined_at timestamptz not null,
          last_read_seq integer not null default 0,
          last_read_at timestamptz,
          left_at timestamptz,
          primary key (conversation_id, user_id)
        );
        create index participants_user_idx on participants (org_id, user_id) where left_at is null;
        create table messages (
          id uuid primary key,
          conversation_id uuid not null references conversations (id),
          org_id uuid not null,
          seq integer not null,
          sender_id uuid not null,
          type text not null default 'text',
          text text not null default '',
          reply_to_id uuid,
          is_deleted boolean not null default false,
          deleted_at timestamptz,
          deleted_by uuid,
          pinned_at timestamptz,
          pinned_by uuid,
          created_at timestamptz not null,
          search tsvector generated always as (to_tsvector('simple', text)) stored,
          unique (conversation_id, seq)
        );
        create index messages_search_idx on messages using gin (search);
        create table reactions (
          message_id uuid not null references messages (id),
          user_id uuid not null,
          emoji text not null,
          created_at timestamptz not null,
          primary key (message_id, user_id, emoji)
        );
        create table attachments (
          id uuid primary key,
          message_id uuid not null references messages (id),
          conversation_id uuid not null,
          org_id uuid not null,
          original_name text not null,
          mime_type text not null,
          size integer not null,
          kind text not null,
          storage_key text not null,
          thumb_key text,
          created_at timestamptz not null
        );
        create index attachments_message_idx on attachments (message_id);
      `.execute(db);
    },
  },
  '0002_message_edits': {
    async up(db: Kysely<unknown>) {
      // The latest edit's time; the history of edits is in the events (chat.message_edited).
      await sql`alter table messages add column edited_at timestamptz`.execute(db);
    },
  },
  '0003_participant_mute': {
    async up(db: Kysely<unknown>) {
      // A participant who muted a conversation is left out of its messages' recipients (no notifications).
      await sql`alter table participants add column muted boolean not null default false`.execute(db);
    },
  },
  '0004_people_avatar': {
    async up(db: Kysely<unknown>) {
      // A person's profile picture (auth.user_avatar_changed), shown beside their name in the conversations.
      await sql`alter table chat_people add column avatar_url text`.execute(db);
    },
  },
};
