import type { Message } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';
import { formatBytes, formatMessageTime } from '../lib/format-time';
import { fullName, REACTION_CHOICES } from '../lib/names';

export function MessageItem({
  message: m,
  me,
  showSender,
  canDelete,
  canPin,
  now,
  onReply,
  onReact,
  onPin,
  onDelete,
}: {
  message: Message;
  me: string;
  showSender: boolean;
  canDelete: boolean;
  canPin: boolean;
  now: Date;
  onReply: (m: Message) => void;
  onReact: (m: Message, emoji: string) => void;
  onPin: (m: Message) => void;
  onDelete: (m: Message) => void;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const [picker, setPicker] = useState(false);
  const pickerId = useId();
  const mine = m.sender._id === me;
  const name = fullName(m.sender);
  const time = formatMessageTime(m.createdAt, now, i18n.language);

  return (
    <li className={`chat-msg${mine ? ' chat-msg--mine' : ''}${m.isDeleted ? ' chat-msg--deleted' : ''}`} data-testid="chat-message" data-message-id={m._id}>
      <article className="chat-msg__bubble" aria-label={t('chat:message.label', { name: mine ? t('chat:list.you') : name, time })}>
        {showSender && !mine ? <p className="chat-msg__sender">{name}</p> : null}
        {m.isPinned ? <p className="chat-msg__pinned">📌 {t('chat:message.pinned')}</p> : null}
        {m.replyTo ? (
          <blockquote className="chat-msg__reply" data-testid="chat-reply-quote">
            <span className="chat-msg__reply-name">{fullName(m.replyTo.sender)}</span>
            <span className="chat-msg__reply-text">
              {m.replyTo.isDeleted ? t('chat:message.deleted') : m.replyTo.text || (m.replyTo.hasAttachment ? t('chat:list.file') : '')}
            </span>
          </blockquote>
        ) : null}
        {m.isDeleted ? (
          <p className="chat-msg__text chat-msg__text--deleted">{t('chat:message.deleted')}</p>
        ) : (
          <>
            {m.attachments.map((a) =>
              a.kind === 'image' ? (
                <a key={a._id} className="chat-file chat-file--image" href={a.url} target="_blank" rel="noreferrer noopener">
                  <img src={a.thumbnailUrl ?? a.url} alt={a.originalName} loading="lazy" />
                </a>
              ) : a.kind === 'video' ? (
                <video key={a._id} className="chat-file chat-file--video" src={a.url} controls preload="metadata" aria-label={a.originalName} />
              ) : a.kind === 'audio' ? (
                <audio key={a._id} className="chat-file chat-file--audio" src={a.url} controls preload="none" aria-label={a.originalName} />
              ) : (
                <a key={a._id} className="chat-file chat-file--doc" href={a.url} target="_blank" rel="noreferrer noopener" download={a.originalName}>
                  <span aria-hidden="true">📄</span>
                  <span className="chat-file__name">{a.originalName}</span>
                  <span className="chat-file__size">{formatBytes(a.size, i18n.language)}</span>
                </a>
              ),
            )}
            {m.content.text ? <p className="chat-msg__text">{m.content.text}</p> : null}
          </>
        )}
        <p className="chat-msg__meta">
          <time dateTime={m.createdAt}>{time}</time>
        </p>
      </article>
      {m.reactions.length > 0 ? (
        <ul className="chat-reactions" aria-label={t('chat:message.reactions')}>
          {m.reactions.map((r) => {
            const mineToo = r.users.includes(me);
            return (
              <li key={r.emoji}>
                <button
                  type="button"
                  className={`chat-reaction${mineToo ? ' chat-reaction--mine' : ''}`}
                  aria-pressed={mineToo}
                  aria-label={t('chat:message.reactionCount', { emoji: r.emoji, count: r.count })}
                  onClick={() => onReact(m, r.emoji)}
                  data-testid="chat-reaction"
                >
                  {r.emoji} <span>{r.count}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {!m.isDeleted ? (
        <div className="chat-msg__actions" role="group" aria-label={t('chat:message.actions')}>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onReply(m)} data-testid="chat-action-reply">
            {t('chat:actions.reply')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-expanded={picker}
            aria-controls={pickerId}
            onClick={() => setPicker((v) => !v)}
            data-testid="chat-action-react"
          >
            {t('chat:actions.react')}
          </button>
          {canPin ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => onPin(m)} data-testid="chat-action-pin">
              {m.isPinned ? t('chat:actions.unpin') : t('chat:actions.pin')}
            </button>
          ) : null}
          {canDelete ? (
            <button type="button" className="btn btn--ghost btn--sm text-danger" onClick={() => onDelete(m)} data-testid="chat-action-delete">
              {t('chat:actions.delete')}
            </button>
          ) : null}
          {picker ? (
            <div id={pickerId} className="chat-picker" role="group" aria-label={t('chat:message.chooseReaction')}>
              {REACTION_CHOICES.map((e) => (
                <button
                  key={e}
                  type="button"
                  className="chat-picker__btn"
                  aria-label={t('chat:message.reactWith', { emoji: e })}
                  onClick={() => {
                    setPicker(false);
                    onReact(m, e);
                  }}
                >
                  {e}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
