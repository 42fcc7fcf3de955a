import { ErrorBody, chatRoutes as r, type Conversation, type Message } from '@akhada/contracts';
import { bootServiceForTest, type TestService } from '@akhada/kit/testing';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../src/adapters/link-signer.ts';
import { localStorage } from '@akhada/kit/storage';
import type { ChatDeps } from '../src/app/deps.ts';
import { buildApp } from '../src/build-app.ts';
import { migrations } from '../src/db/migrations.ts';
import { setPersonAvatar, upsertPerson } from '../src/db/people-repo.ts';
import type { ChatDb } from '../src/db/schema.ts';

// The chat service's app against the real PostgreSQL, in a schema of its own, called with app.inject(). People are
// written to the service's copy directly (the consumers that keep it are tested in people.int.test.ts).
let svc: TestService<ChatDb, ChatDeps, ReturnType<typeof buildApp>, false>;
let db: Kysely<ChatDb>;
let app: ReturnType<typeof buildApp>;
let filesDir: string;
let now = new Date('2026-11-20T10:00:00.000Z');

const orgA = randomUUID();
const orgB = randomUUID();
const locA = randomUUID();
const locA2 = randomUUID();
const locB = randomUUID();
type Who = { id: string; org: string; role: 'owner' | 'admin' | 'trainer' | 'member'; locs: string[]; first: string; trainer?: string };
const who = (first: string, role: Who['role'], locs: string[], org = orgA, trainer?: string): Who => ({
  id: randomUUID(),
  org,
  role,
  locs,
  first,
  ...(trainer ? { trainer } : {}),
});
const owner = who('Omkar', 'owner', [locA, locA2]);
const admin = who('Asha', 'admin', [locA]);
const admin2 = who('Bela', 'admin', [locA2]);
const trainer = who('Tara', 'trainer', [locA]);
const trainer2 = who('Tushar', 'trainer', [locA]);
const member = who('Meera', 'member', [locA], orgA, trainer.id);
const member2 = who('Mohan', 'member', [locA], orgA, trainer2.id);
const memberLoc2 = who('Manu', 'member', [locA2]);
const stranger = who('Sunil', 'admin', [locB], orgB);
const strangerMember = who('Sita', 'member', [locB], orgB);
const everyone = [owner, admin, admin2, trainer, trainer2, member, member2, memberLoc2, stranger, strangerMember];

const tokens = new Map<string, string>();
const call = async (w: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens.get(w.id)}` },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, json: () => res.json(), body: res.body };
};
const multipart = (parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) => {
  const boundary = `----akhada${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const upload = async (
  w: Who,
  conversationId: string,
  file: { name: string; bytes: Buffer; type?: string },
  extra: { content?: string; replyTo?: string } = {},
) => {
  const body = multipart([
    ...(extra.content ? [{ name: 'content', value: extra.content }] : []),
    ...(extra.replyTo ? [{ name: 'replyTo', value: extra.replyTo }] : []),
    { name: 'file', value: file.bytes, filename: file.name, type: file.type ?? 'application/octet-stream' },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/chat/conversations/${conversationId}/upload`,
    headers: { authorization: `Bearer ${tokens.get(w.id)}`, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, json: () => res.json() };
};
const outbox = async (type: string) =>
  (await sql<{ payload: { type: string; data: Record<string, unknown>; aggregateId: string } }>`select payload from outbox order by id`.execute(db)).rows
    .map((r) => r.payload)
    .filter((p) => p.type === type);

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'chat-files-'));
  svc = await bootServiceForTest<ChatDb, ChatDeps, ReturnType<typeof buildApp>, false>({
    name: 'chat',
    migrations,
    kafka: false,
    deps: ({ db }) => ({ db, clock: () => now, storage: localStorage(filesDir), signer: createLinkSigner({ secret: 'x'.repeat(40), ttlSeconds: 900 }) }),
    buildApp,
  });
  ({ db, app } = svc);
  for (const w of everyone) {
    await upsertPerson(db, {
      id: w.id,
      org_id: w.org,
      role: w.role,
      first_name: w.first,
      last_name: 'Test',
      email: `${w.first.toLowerCase()}@example.in`,
      location_ids: w.locs,
      trainer_id: w.trainer ?? null,
      active: true,
      updated_at: now,
    });
    tokens.set(w.id, await svc.sign(w.org, w.role, w.locs, w.id, `${w.first} Test`));
  }
});

afterAll(async () => {
  await svc?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const openDirect = async (a: Who, b: Who) => {
  const res = await call(a, 'POST', '/chat/conversations', { type: 'direct', participants: [{ user: b.id }] });
  expect([200, 201], res.body).toContain(res.status);
  return r.create.responses[201].parse(res.json()).data;
};
const send = async (w: Who, conversationId: string, content: string, replyTo?: string): Promise<Message> => {
  now = new Date(now.getTime() + 1000);
  const res = await call(w, 'POST', `/chat/conversations/${conversationId}/messages`, { content, ...(replyTo ? { replyTo } : {}) });
  expect(res.status, res.body).toBe(201);
  return r.send.responses[201].parse(res.json()).data;
};

describe('GET /chat/users — who may talk to whom', () => {
  const names = async (w: Who) => {
    const res = await call(w, 'GET', '/chat/users');
    expect(res.status, res.body).toBe(200);
    return r.users.responses[200]
      .parse(res.json())
      .data.map((u) => u.firstName)
      .sort();
  };
  it('a member: their trainer and the staff of their location', async () => {
    expect(await names(member)).toEqual(['Asha', 'Omkar', 'Tara']);
  });
  it('a trainer: their clients and the staff', async () => {
    expect(await names(trainer)).toEqual(['Asha', 'Bela', 'Meera', 'Omkar']);
  });
  it('staff: everyone of their locations and the other staff; never another organization', async () => {
    expect(await names(admin)).toEqual(['Bela', 'Meera', 'Mohan', 'Omkar', 'Tara', 'Tushar']);
    expect(await names(owner)).toEqual(['Asha', 'Bela', 'Manu', 'Meera', 'Mohan', 'Tara', 'Tushar']);
    expect(await names(stranger)).toEqual(['Sita']);
  });
  it('asks for a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/chat/users' });
    expect(res.statusCode).toBe(401);
    expect(ErrorBody.parse(res.json()).code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /chat/conversations', () => {
  it('opens a direct conversation once: opening it again returns the same one (200), from either side', async () => {
    const first = await call(member, 'POST', '/chat/conversations', { type: 'direct', participants: [{ user: trainer.id, role: 'member' }] });
    expect(first.status, first.body).toBe(201);
    const again = await call(trainer, 'POST', '/chat/conversations', { participants: [{ user: member.id }] });
    expect(again.status).toBe(200);
    expect(r.create.responses[200].parse(again.json()).data._id).toBe(r.create.responses[201].parse(first.json()).data._id);
    expect((await outbox('chat.conversation_created')).filter((e) => e.aggregateId === first.json().data._id)).toHaveLength(1);
  });
  it('refuses someone the caller may not reach (403) and someone of another organization (404)', async () => {
    const other = await call(member, 'POST', '/chat/conversations', { type: 'direct', participants: [{ user: trainer2.id }] });
    expect(other.status).toBe(403);
    expect(ErrorBody.parse(other.json()).code).toBe('CHAT_NOT_ALLOWED');
    const peer = await call(member, 'POST', '/chat/conversations', { type: 'direct', participants: [{ user: member2.id }] });
    expect(peer.status).toBe(403);
    const foreign = await call(admin, 'POST', '/chat/conversations', { type: 'direct', participants: [{ user: strangerMember.id }] });
    expect(foreign.status).toBe(404);
    expect(ErrorBody.parse(foreign.json()).code).toBe('NOT_FOUND');
  });
  it('a group needs a name and at least one member; groupType defaults to general; the creator and admins are admins', async () => {
    expect((await call(admin, 'POST', '/chat/conversations', { type: 'group', participants: [{ user: member.id }] })).status).toBe(400);
    expect((await call(admin, 'POST', '/chat/conversations', { type: 'group', name: 'Batch', participants: [] })).status).toBe(400);
    const res = await call(admin, 'POST', '/chat/conversations', {
      type: 'group',
      name: 'Morning batch',
      description: 'Holiday notices',
      participants: [{ user: member.id }, { user: member2.id }, { user: trainer.id }],
      admins: [trainer.id],
    });
    expect(res.status, res.body).toBe(201);
    const g = r.create.responses[201].parse(res.json()).data;
    expect(g.groupType).toBe('general');
    expect(
      g.participants
        .filter((p) => p.role === 'admin')
        .map((p) => p.user._id)
        .sort(),
    ).toEqual([admin.id, trainer.id].sort());
    const ev = (await outbox('chat.conversation_created')).find((e) => e.aggregateId === g._id)!;
    expect((ev.data.participantIds as string[]).sort()).toEqual([admin.id, member.id, member2.id, trainer.id].sort());
  });
  it('a member may not make a broadcast (403) nor a group with someone out of reach', async () => {
    expect((await call(member, 'POST', '/chat/conversations', { type: 'broadcast', name: 'All', participants: [{ user: trainer.id }] })).status).toBe(403);
    const res = await call(member, 'POST', '/chat/conversations', { type: 'group', name: 'Gang', participants: [{ user: trainer.id }, { user: member2.id }] });
    expect(res.status).toBe(403);
  });
});

describe('messages: send, page, reply, react, pin, delete, read', () => {
  let conv: Conversation;
  const msgs: Message[] = [];
  beforeAll(async () => {
    conv = await openDirect(member, trainer);
    for (let i = 1; i <= 5; i++) msgs.push(await send(i % 2 ? member : trainer, conv._id, `message number ${i}`));
  });

  it('pages newest last with a cursor', async () => {
    const first = await call(member, 'GET', `/chat/conversations/${conv._id}/messages?limit=3`);
    expect(first.status, first.body).toBe(200);
    const page = r.messages.responses[200].parse(first.json());
    expect(page.data.map((m) => m.content.text)).toEqual(['message number 3', 'message number 4', 'message number 5']);
    expect(page.pagination).toEqual({ hasMore: true, nextCursor: page.data[0]!._id });
    const older = r.messages.responses[200].parse(
      (await call(member, 'GET', `/chat/conversations/${conv._id}/messages?limit=3&before=${page.pagination.nextCursor}`)).json(),
    );
    expect(older.data.map((m) => m.content.text)).toEqual(['message number 1', 'message number 2']);
    expect(older.pagination.hasMore).toBe(false);
  });

  it('sends a reply and announces it with every participant and the recipients', async () => {
    const reply = await send(trainer, conv._id, 'Do 3 sets of squats', msgs[0]!._id);
    expect(reply.replyTo).toMatchObject({ _id: msgs[0]!._id, text: 'message number 1' });
    const ev = (await outbox('chat.message_sent')).find((e) => (e.data.message as { _id: string })._id === reply._id)!;
    expect(ev.aggregateId).toBe(conv._id);
    expect((ev.data.participantIds as string[]).sort()).toEqual([member.id, trainer.id].sort());
    expect(ev.data.recipientIds).toEqual([member.id]);
    expect(ev.data.link).toBe(`/dashboard/chat?c=${conv._id}`);
  });

  it('refuses an empty message and a reply to another conversation', async () => {
    expect((await call(member, 'POST', `/chat/conversations/${conv._id}/messages`, { content: '   ' })).status).toBe(400);
    const other = await openDirect(member, admin);
    const m = await send(member, other._id, 'hello admin');
    expect((await call(member, 'POST', `/chat/conversations/${conv._id}/messages`, { content: 'x', replyTo: m._id })).status).toBe(400);
  });

  it('counts unread messages and moves the read mark', async () => {
    const list = r.conversations.responses[200].parse((await call(member, 'GET', '/chat/conversations')).json()).data;
    const mine = list.find((c) => c._id === conv._id)!;
    expect(mine.unreadCount).toBe(1); // the trainer's reply after the member's last message
    expect(mine.lastMessage?.content.text).toBe('Do 3 sets of squats');
    const read = await call(member, 'POST', `/chat/conversations/${conv._id}/read`, {});
    expect(read.status, read.body).toBe(200);
    expect(r.read.responses[200].parse(read.json()).data.unreadCount).toBe(0);
    const after = r.conversation.responses[200].parse((await call(member, 'GET', `/chat/conversations/${conv._id}`)).json()).data;
    expect(after.unreadCount).toBe(0);
    expect((await outbox('chat.read')).some((e) => e.data.userId === member.id && e.aggregateId === conv._id)).toBe(true);
  });

  it('toggles a reaction, one per emoji per person', async () => {
    const url = `/chat/messages/${msgs[1]!._id}/reactions`;
    const on = r.react.responses[200].parse((await call(member, 'POST', url, { emoji: '👍' })).json()).data;
    expect(on.reactions).toEqual([{ emoji: '👍', users: [member.id], count: 1 }]);
    const both = r.react.responses[200].parse((await call(trainer, 'POST', url, { emoji: '👍' })).json()).data;
    expect(both.reactions[0]!.count).toBe(2);
    const off = r.react.responses[200].parse((await call(member, 'POST', url, { emoji: '👍' })).json()).data;
    expect(off.reactions).toEqual([{ emoji: '👍', users: [trainer.id], count: 1 }]);
    const ev = (await outbox('chat.reaction_toggled')).at(-1)!;
    expect(ev.data).toMatchObject({ messageId: msgs[1]!._id, userId: member.id, added: false });
  });

  it('pins and unpins, at most five per conversation', async () => {
    for (const m of msgs) expect((await call(member, 'POST', `/chat/messages/${m._id}/pin`)).status).toBe(200);
    const extra = await send(member, conv._id, 'one more');
    const full = await call(member, 'POST', `/chat/messages/${extra._id}/pin`);
    expect(full.status).toBe(409);
    expect(ErrorBody.parse(full.json()).code).toBe('PIN_LIMIT_REACHED');
    const unpinned = r.pin.responses[200].parse((await call(trainer, 'POST', `/chat/messages/${msgs[0]!._id}/pin`)).json()).data;
    expect(unpinned.isPinned).toBe(false);
    expect((await call(member, 'POST', `/chat/messages/${extra._id}/pin`)).status).toBe(200);
  });

  it('deletes for everyone only by the sender (or a group admin)', async () => {
    const target = msgs[0]!; // the member's
    expect((await call(trainer, 'DELETE', `/chat/messages/${target._id}`)).status).toBe(403);
    const res = await call(member, 'DELETE', `/chat/messages/${target._id}`);
    expect(res.status, res.body).toBe(200);
    const gone = r.delete.responses[200].parse(res.json()).data;
    expect(gone).toMatchObject({ isDeleted: true, content: { text: '' }, reactions: [], attachments: [] });
    expect((await outbox('chat.message_deleted')).at(-1)!.data).toMatchObject({ messageId: target._id, deletedBy: member.id });
  });

  it('a group admin deletes anyone’s message', async () => {
    const g = r.create.responses[201].parse(
      (await call(admin, 'POST', '/chat/conversations', { type: 'group', name: 'Evening', participants: [{ user: member.id }] })).json(),
    ).data;
    const m = await send(member, g._id, 'spam');
    expect((await call(admin, 'DELETE', `/chat/messages/${m._id}`)).status).toBe(200);
  });

  it('announces typing to the participants', async () => {
    const res = await call(trainer, 'POST', `/chat/conversations/${conv._id}/typing`, { isTyping: true });
    expect(res.status, res.body).toBe(202);
    expect((await outbox('chat.typing')).at(-1)!.data).toMatchObject({ conversationId: conv._id, userId: trainer.id, isTyping: true, name: 'Tara Test' });
  });
});

describe('editing a message', () => {
  let conv: Conversation;
  let group: Conversation;
  beforeAll(async () => {
    conv = await openDirect(member2, trainer2);
    group = r.create.responses[201].parse(
      (
        await call(admin, 'POST', '/chat/conversations', { type: 'group', name: 'Edit group', participants: [{ user: member.id }, { user: trainer.id }] })
      ).json(),
    ).data;
  });
  const edit = (w: Who, id: string, content: string) => call(w, 'PATCH', `/chat/messages/${id}`, { content });

  it('its sender edits the text: marked edited, the history (before and after) in the event, the page shows the new text', async () => {
    const m = await send(member2, conv._id, 'see you at 6');
    now = new Date(now.getTime() + 60_000);
    const res = await edit(member2, m._id, '  see you at 7  ');
    expect(res.status, res.body).toBe(200);
    const edited = r.edit.responses[200].parse(res.json()).data;
    expect(edited).toMatchObject({ _id: m._id, content: { text: 'see you at 7' }, editedAt: now.toISOString() });
    expect(m.editedAt).toBeNull();
    now = new Date(now.getTime() + 1000);
    expect((await edit(member2, m._id, 'see you at 8')).status).toBe(200);
    const events = (await outbox('chat.message_edited')).filter((e) => e.data.messageId === m._id);
    expect(events.map((e) => [e.data.previousText, e.data.text])).toEqual([
      ['see you at 6', 'see you at 7'],
      ['see you at 7', 'see you at 8'],
    ]);
    expect(events[0]!.aggregateId).toBe(conv._id);
    expect((events[0]!.data.participantIds as string[]).sort()).toEqual([member2.id, trainer2.id].sort());
    const page = r.messages.responses[200].parse((await call(trainer2, 'GET', `/chat/conversations/${conv._id}/messages`)).json()).data;
    expect(page.find((x) => x._id === m._id)).toMatchObject({ content: { text: 'see you at 8' } });
    expect(page.find((x) => x._id === m._id)!.editedAt).not.toBeNull();
    // The same text again: no edit, no event.
    expect((await edit(member2, m._id, 'see you at 8')).status).toBe(200);
    expect((await outbox('chat.message_edited')).filter((e) => e.data.messageId === m._id)).toHaveLength(2);
  });

  it("someone else's message: 403 NOT_YOUR_MESSAGE, a group admin included", async () => {
    const m = await send(member, group._id, 'mine only');
    for (const w of [trainer, admin]) {
      const res = await edit(w, m._id, 'not yours');
      expect(res.status, res.body).toBe(403);
      expect(ErrorBody.parse(res.json()).code).toBe('NOT_YOUR_MESSAGE');
    }
  });

  it('a deleted message: 409 MESSAGE_DELETED; after 15 minutes: 409 EDIT_WINDOW_CLOSED; empty text: 400', async () => {
    const gone = await send(member2, conv._id, 'oops');
    expect((await call(member2, 'DELETE', `/chat/messages/${gone._id}`)).status).toBe(200);
    const deleted = await edit(member2, gone._id, 'fixed');
    expect(deleted.status).toBe(409);
    expect(ErrorBody.parse(deleted.json()).code).toBe('MESSAGE_DELETED');
    const old = await send(member2, conv._id, 'old words');
    expect((await edit(member2, old._id, '')).status).toBe(400);
    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    const late = await edit(member2, old._id, 'new words');
    expect(late.status).toBe(409);
    expect(ErrorBody.parse(late.json()).code).toBe('EDIT_WINDOW_CLOSED');
  });

  it('a file message: 400', async () => {
    const up = await upload(member2, conv._id, { name: 'note.txt', bytes: Buffer.from('hello there') }, { content: 'the plan' });
    expect(up.status).toBe(201);
    const res = await edit(member2, (up.json() as { data: Message }).data._id, 'another plan');
    expect(res.status).toBe(400);
  });
});

describe('muting a conversation', () => {
  it('a participant who muted it is left out of the recipients (no notifications), and back in after unmuting; only their own setting', async () => {
    const g = r.create.responses[201].parse(
      (
        await call(admin, 'POST', '/chat/conversations', { type: 'group', name: 'Mute group', participants: [{ user: member.id }, { user: trainer.id }] })
      ).json(),
    ).data;
    expect(g.isMuted).toBe(false);
    const muted = await call(member, 'POST', `/chat/conversations/${g._id}/mute`, { muted: true });
    expect(muted.status, muted.body).toBe(200);
    expect(r.mute.responses[200].parse(muted.json()).data.isMuted).toBe(true);
    // The trainer's view of the same group is not muted.
    expect(r.conversation.responses[200].parse((await call(trainer, 'GET', `/chat/conversations/${g._id}`)).json()).data.isMuted).toBe(false);
    const recipientsOf = async (m: Message) =>
      ((await outbox('chat.message_sent')).find((e) => (e.data.message as { _id: string })._id === m._id)!.data.recipientIds as string[]).sort();
    const hushed = await send(admin, g._id, 'Quiet please');
    expect(await recipientsOf(hushed)).toEqual([trainer.id]);
    expect((await call(member, 'POST', `/chat/conversations/${g._id}/mute`, { muted: false })).status).toBe(200);
    const loud = await send(admin, g._id, 'Back to normal');
    expect(await recipientsOf(loud)).toEqual([member.id, trainer.id].sort());
    expect((await call(member, 'POST', `/chat/conversations/${g._id}/mute`, { muted: 'yes' })).status).toBe(400);
  });
});

describe('seen in groups', () => {
  it("each participant's read mark (lastReadSeq) says who has seen a message: Seen by 2 of 3", async () => {
    const g = r.create.responses[201].parse(
      (
        await call(admin, 'POST', '/chat/conversations', {
          type: 'group',
          name: 'Seen group',
          participants: [{ user: member.id }, { user: trainer.id }, { user: owner.id }],
        })
      ).json(),
    ).data;
    const m = await send(admin, g._id, 'Holiday on Monday');
    const seenBy = async () => {
      const c = r.conversation.responses[200].parse((await call(admin, 'GET', `/chat/conversations/${g._id}`)).json()).data;
      return c.participants
        .filter((p) => p.user._id !== admin.id && p.lastReadSeq >= m.seq)
        .map((p) => p.user._id)
        .sort();
    };
    expect(await seenBy()).toEqual([]);
    expect((await call(member, 'POST', `/chat/conversations/${g._id}/read`, {})).status).toBe(200);
    expect((await call(trainer, 'POST', `/chat/conversations/${g._id}/read`, { messageId: m._id })).status).toBe(200);
    expect(await seenBy()).toEqual([member.id, trainer.id].sort());
    const ev = (await outbox('chat.read')).filter((e) => e.aggregateId === g._id);
    expect(ev.map((e) => [e.data.userId, e.data.lastReadSeq])).toEqual([
      [member.id, m.seq],
      [trainer.id, m.seq],
    ]);
    // The sender's own mark is at their message, so they never count themselves.
    const c = r.conversation.responses[200].parse((await call(member, 'GET', `/chat/conversations/${g._id}`)).json()).data;
    expect(c.participants.find((p) => p.user._id === admin.id)!.lastReadSeq).toBe(m.seq);
    // Another organization cannot read the group's read state.
    expect((await call(stranger, 'GET', `/chat/conversations/${g._id}`)).status).toBe(404);
  });
});

describe('another organization and non-participants: not found', () => {
  let conv: Conversation;
  let msg: Message;
  beforeAll(async () => {
    conv = await openDirect(admin, member);
    msg = await send(admin, conv._id, 'private note about fees');
  });
  const probes = (id: string, messageId: string) =>
    [
      ['GET', `/chat/conversations/${id}`],
      ['GET', `/chat/conversations/${id}/messages`],
      ['POST', `/chat/conversations/${id}/messages`, { content: 'hi' }],
      ['POST', `/chat/conversations/${id}/read`, {}],
      ['POST', `/chat/conversations/${id}/typing`, { isTyping: true }],
      ['POST', `/chat/conversations/${id}/mute`, { muted: true }],
      ['POST', `/chat/conversations/${id}/participants`, { add: [{ user: randomUUID() }] }],
      ['POST', `/chat/messages/${messageId}/reactions`, { emoji: '🔥' }],
      ['POST', `/chat/messages/${messageId}/pin`],
      ['DELETE', `/chat/messages/${messageId}`],
      ['PATCH', `/chat/messages/${messageId}`, { content: 'rewritten' }],
      ['GET', `/chat/search?query=fees&conversationId=${id}`],
    ] as const;
  it.each([
    ['another organization', () => stranger],
    ['a non-participant of the same organization', () => trainer2],
  ])('%s gets 404 for every call with the ids', async (_label, w) => {
    for (const [method, url, body] of probes(conv._id, msg._id)) {
      const res = await call(w(), method, url, body);
      expect(res.status, `${method} ${url}: ${res.body}`).toBe(404);
      expect(ErrorBody.parse(res.json()).code).toBe('NOT_FOUND');
    }
    const up = await upload(w(), conv._id, { name: 'a.txt', bytes: Buffer.from('hello') });
    expect(up.status).toBe(404);
  });
  it('search covers the caller’s conversations only', async () => {
    const mine = r.search.responses[200].parse((await call(member, 'GET', '/chat/search?query=fees')).json()).data;
    expect(mine.map((h) => h.message._id)).toContain(msg._id);
    expect(mine[0]!.snippet).toContain('«fees»');
    const theirs = r.search.responses[200].parse((await call(trainer2, 'GET', '/chat/search?query=fees')).json()).data;
    expect(theirs).toEqual([]);
    expect((await call(member, 'GET', '/chat/search?query=f')).status).toBe(400);
  });
});

describe('attachments', () => {
  let conv: Conversation;
  beforeAll(async () => {
    conv = await openDirect(member, trainer);
  });
  const png = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();

  it('accepts an image (type from the bytes), makes a thumbnail, and serves both to a participant through signed links', async () => {
    const res = await upload(member, conv._id, { name: 'form.pdf', bytes: await png() }, { content: 'my squat form' });
    expect(res.status, JSON.stringify(res.json())).toBe(201);
    const m = r.upload.responses[201].parse(res.json()).data;
    expect(m.type).toBe('image');
    expect(m.content.text).toBe('my squat form');
    const a = m.attachments[0]!;
    expect(a).toMatchObject({ originalName: 'form.pdf', mimeType: 'image/png', kind: 'image' });
    expect(a.thumbnailUrl).not.toBeNull();
    const file = await app.inject({ method: 'GET', url: a.url.replace(/^\/api/, '') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await app.inject({ method: 'GET', url: a.thumbnailUrl!.replace(/^\/api/, '') });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['jpeg', 320]);
    // A tampered link, another person's link, and an expired one are refused.
    expect((await app.inject({ method: 'GET', url: a.url.replace(/^\/api/, '').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: a.url.replace(/^\/api/, '').replace(member.id, trainer2.id) })).statusCode).toBe(403);
    const saved = now;
    now = new Date(now.getTime() + 3_600_000);
    const late = await app.inject({ method: 'GET', url: a.url.replace(/^\/api/, '') });
    now = saved;
    expect(late.statusCode).toBe(403);
    expect(ErrorBody.parse(late.json()).code).toBe('LINK_EXPIRED');
  });

  it('a non-participant never gets a link, and a link stops working once its person left the conversation', async () => {
    const g = r.create.responses[201].parse(
      (await call(admin, 'POST', '/chat/conversations', { type: 'group', name: 'Files', participants: [{ user: member.id }] })).json(),
    ).data;
    const m = r.upload.responses[201].parse((await upload(admin, g._id, { name: 'plan.txt', bytes: Buffer.from('Week 1: squats\n') })).json()).data;
    const asMember = r.messages.responses[200].parse((await call(member, 'GET', `/chat/conversations/${g._id}/messages`)).json()).data[0]!.attachments[0]!;
    expect((await app.inject({ method: 'GET', url: asMember.url.replace(/^\/api/, '') })).body).toBe('Week 1: squats\n');
    expect((await call(trainer2, 'GET', `/chat/conversations/${g._id}/messages`)).status).toBe(404);
    const left = await call(member, 'POST', `/chat/conversations/${g._id}/participants`, { remove: [member.id] });
    expect(left.status, left.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: asMember.url.replace(/^\/api/, '') })).statusCode).toBe(403);
    expect(m.attachments[0]!.mimeType).toBe('text/plain');
  });

  it('refuses a renamed .exe sent as .pdf (415) and says so', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
    const res = await upload(member, conv._id, { name: 'invoice.pdf', bytes: exe, type: 'application/pdf' });
    expect(res.status).toBe(415);
    expect(ErrorBody.parse(res.json())).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(ErrorBody.parse(res.json()).message).toMatch(/cannot be sent/);
  });

  it('refuses a file above 10 MB with a clear message (413), and an upload without a file (400)', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(member, conv._id, { name: 'big.pdf', bytes: big });
    expect(res.status).toBe(413);
    expect(ErrorBody.parse(res.json())).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'File is too large: the limit is 10 MB' });
    const noFile = multipart([{ name: 'content', value: 'hi' }]);
    const none = await app.inject({
      method: 'POST',
      url: `/chat/conversations/${conv._id}/upload`,
      headers: { authorization: `Bearer ${tokens.get(member.id)}`, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(none.statusCode).toBe(400);
    const broken = await app.inject({
      method: 'POST',
      url: `/chat/conversations/${conv._id}/upload`,
      headers: { authorization: `Bearer ${tokens.get(member.id)}`, 'content-type': 'multipart/form-data; boundary=nope' },
      payload: noFile.payload,
    });
    expect(broken.statusCode).toBe(400);
    const json = await call(member, 'POST', `/chat/conversations/${conv._id}/upload`, { file: 'x' });
    expect(json.status).toBe(400);
  });
});

describe('broadcasts', () => {
  it('staff broadcast; a member’s reply goes privately to the sender', async () => {
    const res = await call(owner, 'POST', '/chat/conversations', {
      type: 'broadcast',
      name: 'Diwali timings',
      groupType: 'announcement',
      participants: [{ user: member.id }, { user: memberLoc2.id }],
    });
    expect(res.status, res.body).toBe(201);
    const b = r.create.responses[201].parse(res.json()).data;
    await send(owner, b._id, 'Closed on the 1st');
    const reply = await send(member, b._id, 'Thanks! Open on the 2nd?');
    expect(reply.conversationId).not.toBe(b._id);
    const direct = r.conversation.responses[200].parse((await call(owner, 'GET', `/chat/conversations/${reply.conversationId}`)).json()).data;
    expect(direct.type).toBe('direct');
    expect(direct.participants.map((p) => p.user._id).sort()).toEqual([member.id, owner.id].sort());
    const seen = r.messages.responses[200].parse((await call(memberLoc2, 'GET', `/chat/conversations/${b._id}/messages`)).json()).data;
    expect(seen.map((m) => m.content.text)).toEqual(['Closed on the 1st']);
  });
});

describe('profile pictures', () => {
  it('show for the users list, the participants and the conversation list’s direct partner; null without one', async () => {
    const url = `/api/auth/avatars/${trainer.id}?v=${randomUUID()}`;
    await setPersonAvatar(db, orgA, trainer.id, url);
    await setPersonAvatar(db, orgB, trainer.id, '/api/auth/avatars/not-ours'); // another organization's: no effect
    const pictures = async (w: Who) =>
      Object.fromEntries(r.users.responses[200].parse((await call(w, 'GET', '/chat/users')).json()).data.map((u) => [u.firstName, u.avatar]));
    expect(await pictures(member)).toEqual({ Asha: null, Omkar: null, Tara: url });

    const direct = await openDirect(member, trainer);
    expect(Object.fromEntries(direct.participants.map((p) => [p.user.firstName, p.user.avatar]))).toEqual({ Meera: null, Tara: url });
    const list = r.conversations.responses[200].parse((await call(member, 'GET', '/chat/conversations?type=direct')).json()).data;
    const partner = list.find((c) => c._id === direct._id)?.participants.find((p) => p.user._id !== member.id);
    expect(partner?.user).toMatchObject({ _id: trainer.id, avatar: url });

    await setPersonAvatar(db, orgA, trainer.id, null);
    expect(await pictures(member)).toEqual({ Asha: null, Omkar: null, Tara: null });
  });
});

describe('GET /chat/conversations for everyone, after all of the above', () => {
  it('answers every person’s list in the contract’s shape, with only their organization’s conversations', async () => {
    for (const w of everyone) {
      const res = await call(w, 'GET', '/chat/conversations');
      expect(res.status, `${w.first}: ${res.body}`).toBe(200);
      const list = r.conversations.responses[200].parse(res.json()).data;
      for (const c of list) expect(c.participants.map((p) => p.user._id)).toContain(w.id);
      const searched = await call(w, 'GET', '/chat/conversations?type=group&unread=true&search=batch');
      expect(searched.status, searched.body).toBe(200);
    }
  });
});
