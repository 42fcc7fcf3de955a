import { chatRoutes as r, Text } from '@akhada/contracts';
import { addRoute, AppError, badRequest } from '@akhada/kit';
import { z } from 'zod';
import { requireParticipant } from '../app/access.ts';
import { attachmentFile, fileTooLarge, uploadAttachment } from '../app/attachments.ts';
import { changeParticipants, createConversation, getConversation, listConversations, setMuted } from '../app/conversations.ts';
import type { ChatDeps } from '../app/deps.ts';
import { deleteMessage, editMessage, listMessages, markRead, sendMessage, toggleReaction, togglePin, typing } from '../app/messages.ts';
import { searchChat } from '../app/search.ts';
import { chatUsers } from '../app/users.ts';

type Svc = Parameters<typeof addRoute>[0];

/** The upload's text fields (multipart), checked like the send call's body. */
const UploadFields = z.object({
  content: Text('Message', { multiline: true }).trim().max(4000, 'Message must be at most 4000 characters').default(''),
  replyTo: z.uuid({ message: 'Not a valid message' }).nullable().default(null),
});

const contentDisposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Contracts give the schemas (400 on bad input) and the roles (addRoute refuses any other with 403); the app layer
 * checks what a role list cannot say (own record, own location, assigned trainer) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: ChatDeps): void => {
  addRoute(svc, r.conversations, async ({ ctx, query }) => ({ success: true as const, data: await listConversations(deps, ctx, query) }));
  addRoute(svc, r.conversation, async ({ ctx, params }) => ({ success: true as const, data: await getConversation(deps, ctx, params.id) }));
  addRoute(svc, r.messages, async ({ ctx, params, query }) => {
    const page = await listMessages(deps, ctx, params.id, query);
    return { success: true as const, data: page.data, pagination: { hasMore: page.hasMore, nextCursor: page.nextCursor } };
  });
  addRoute(svc, r.send, async ({ ctx, params, body }, _req, reply) => {
    const data = await sendMessage(deps, ctx, params.id, body);
    return reply.status(201).send({ success: true as const, data });
  });
  addRoute(svc, r.create, async ({ ctx, body }, _req, reply) => {
    const { conversation, created } = await createConversation(deps, ctx, body);
    return reply.status(created ? 201 : 200).send({ success: true as const, data: conversation });
  });
  addRoute(svc, r.participants, async ({ ctx, params, body }) => ({ success: true as const, data: await changeParticipants(deps, ctx, params.id, body) }));
  addRoute(svc, r.search, async ({ ctx, query }) => ({ success: true as const, data: await searchChat(deps, ctx, query) }));
  addRoute(svc, r.upload, async ({ ctx, params }, req, reply) => {
    // Who may upload is decided before a byte of the body is read.
    await requireParticipant(deps.db, ctx, params.id);
    if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data with a "file" field');
    let file: { fileName: string; bytes: Buffer } | undefined;
    const fields: Record<string, string> = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await part.toBuffer();
            throw badRequest('Send one file, in the "file" field');
          }
          file = { fileName: part.filename, bytes: await part.toBuffer() };
        } else if (part.fieldname === 'content' || part.fieldname === 'replyTo') {
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
      if ((err as { statusCode?: number }).statusCode === 413) throw fileTooLarge();
      if (err instanceof AppError) throw err;
      // A broken multipart body (cut short, wrong boundary) is the client's problem: 400, never 500.
      throw badRequest('The upload could not be read: send multipart/form-data with a "file" field');
    }
    if (!file) throw badRequest('Choose a file to send', [{ path: 'file', message: 'Choose a file to send' }]);
    const parsed = UploadFields.safeParse({ content: fields.content ?? '', replyTo: fields.replyTo ? fields.replyTo : null });
    if (!parsed.success)
      throw badRequest(
        parsed.error.issues[0]?.message ?? 'Invalid upload',
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      );
    const data = await uploadAttachment(deps, ctx, params.id, { ...file, ...parsed.data });
    return reply.status(201).send({ success: true as const, data });
  });
  addRoute(svc, r.file, async ({ params, query }, _req, reply) => {
    const f = await attachmentFile(deps, params.id, query);
    reply
      .type(f.mimeType)
      .header('content-disposition', contentDisposition(f.inline ? 'inline' : 'attachment', f.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300');
    return reply.send(f.bytes);
  });
  addRoute(svc, r.users, async ({ ctx, query }) => ({ success: true as const, data: await chatUsers(deps, ctx, query) }));
  addRoute(svc, r.react, async ({ ctx, params, body }) => ({ success: true as const, data: await toggleReaction(deps, ctx, params.id, body.emoji) }));
  addRoute(svc, r.edit, async ({ ctx, params, body }) => ({ success: true as const, data: await editMessage(deps, ctx, params.id, body.content) }));
  addRoute(svc, r.delete, async ({ ctx, params }) => ({ success: true as const, data: await deleteMessage(deps, ctx, params.id) }));
  addRoute(svc, r.pin, async ({ ctx, params }) => ({ success: true as const, data: await togglePin(deps, ctx, params.id) }));
  addRoute(svc, r.read, async ({ ctx, params, body }) => ({ success: true as const, data: await markRead(deps, ctx, params.id, body.messageId) }));
  addRoute(svc, r.mute, async ({ ctx, params, body }) => ({ success: true as const, data: await setMuted(deps, ctx, params.id, body.muted) }));
  addRoute(svc, r.typing, async ({ ctx, params, body }, _req, reply) =>
    reply.status(202).send({ success: true as const, data: await typing(deps, ctx, params.id, body.isTyping) }),
  );
};
