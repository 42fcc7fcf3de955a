import { CHAT_MAX_FILE_BYTES, type Message } from '@akhada/contracts';
import { AppError, newId, notFound } from '@akhada/kit';
import { sniff, thumbnail } from '../adapters/file-inspector.ts';
import { findParticipant } from '../db/chat-repo.ts';
import { classify, cleanFileName } from '../domain/file-types.ts';
import { toMessages } from '../views/chat-views.ts';
import { requireParticipant, type Caller } from './access.ts';
import type { ChatDeps } from './deps.ts';
import { postMessage } from './messages.ts';

export const fileTooLarge = () => new AppError(413, 'FILE_TOO_LARGE', `File is too large: the limit is ${CHAT_MAX_FILE_BYTES / (1024 * 1024)} MB`);
export const unsupportedType = () =>
  new AppError(415, 'UNSUPPORTED_FILE_TYPE', 'This type of file cannot be sent. Send an image, video, PDF, Word document, text file, MP3 or WAV.');

/** Sends a file as a message: its type from the bytes, stored first, then the message written (the file removed if that fails). */
export const uploadAttachment = async (
  deps: Pick<ChatDeps, 'db' | 'clock' | 'signer' | 'storage'>,
  ctx: Caller,
  conversationId: string,
  input: { fileName: string; bytes: Buffer; content: string; replyTo: string | null },
): Promise<Message> => {
  const { conversation } = await requireParticipant(deps.db, ctx, conversationId);
  if (input.bytes.length > CHAT_MAX_FILE_BYTES) throw fileTooLarge();
  const name = cleanFileName(input.fileName);
  const verdict = classify(await sniff(input.bytes), name, input.bytes);
  if (!verdict.ok) throw unsupportedType();
  const id = newId();
  const key = `${ctx.orgId}/${conversation.id}/${id}`;
  const thumb = verdict.kind === 'image' ? await thumbnail(input.bytes) : null;
  if (verdict.kind === 'image' && !thumb) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', 'This image could not be read. Send another picture.');
  await deps.storage.put(key, input.bytes, verdict.mimeType);
  if (thumb) await deps.storage.put(`${key}.thumb`, thumb, 'image/jpeg');
  const now = deps.clock();
  try {
    const row = await deps.db.transaction().execute(async (trx) =>
      postMessage(
        trx,
        ctx,
        await requireParticipant(trx, ctx, conversationId),
        {
          text: input.content,
          replyTo: input.replyTo,
          type: verdict.kind === 'image' ? 'image' : 'file',
          attachments: [
            {
              id,
              original_name: name,
              mime_type: verdict.mimeType,
              size: input.bytes.length,
              kind: verdict.kind,
              storage_key: key,
              thumb_key: thumb ? `${key}.thumb` : null,
            },
          ],
        },
        now,
      ),
    );
    return (await toMessages(deps.db, ctx, deps.signer, [row], now))[0]!;
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    if (thumb) await deps.storage.remove(`${key}.thumb`).catch(() => undefined);
    throw err;
  }
};

/** The bytes behind a signed link, for a person still in the conversation. */
export const attachmentFile = async (
  { db, clock, signer, storage }: Pick<ChatDeps, 'db' | 'clock' | 'signer' | 'storage'>,
  id: string,
  q: { variant: 'original' | 'thumb'; u: string; exp: number; sig: string },
): Promise<{ bytes: Buffer; mimeType: string; fileName: string; inline: boolean }> => {
  const check = signer.verify({ attachmentId: id, variant: q.variant, userId: q.u, exp: q.exp, sig: q.sig }, clock());
  if (check !== 'ok')
    throw new AppError(
      403,
      'LINK_EXPIRED',
      check === 'expired' ? 'This link has expired. Open the conversation again to get a new one.' : 'This link is not valid.',
    );
  const a = await db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!a) throw notFound('File');
  const stillIn = await findParticipant(db, a.conversation_id, q.u);
  if (!stillIn) throw new AppError(403, 'LINK_EXPIRED', 'This link is not valid any more.');
  const key = q.variant === 'thumb' ? a.thumb_key : a.storage_key;
  const bytes = key ? await storage.get(key) : null;
  if (!bytes) throw notFound('File');
  const mimeType = q.variant === 'thumb' ? 'image/jpeg' : a.mime_type;
  return { bytes, mimeType, fileName: a.original_name, inline: /^(image|video|audio)\//.test(mimeType) || mimeType === 'application/pdf' };
};
