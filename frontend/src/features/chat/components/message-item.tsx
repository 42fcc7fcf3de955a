import { CHAT_EDIT_WINDOW_MINUTES, type Message } from '@akhada/contracts';
import { useEffect, useId, useRef, useState } from 'react';
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
  onEdit,
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
  /** Saves the new text; resolves false when it failed (the editor stays open). */
  onEdit: (m: Message, text: string) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const [picker, setPicker] = useState(false);
  const pickerId = useId();
  const mine = m.sender._id === me;
  const name = fullName(m.sender);
  const time = formatMessageTime(m.createdAt, now, i18n.language);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const editArea = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const editHintId = useId();
  const canEdit = editableNow(m, me, now);
  useEffect(() => {
    if (editing) editArea.current?.focus();
  }, [editing]);
  const stopEditing = () => {
    setEditing(false);
    // Back to the button that opened the editor (keyboard users keep their place).
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = async () => {
    const text = draft.trim();
    if (!text || saving) return;
    if (text === m.content.text) return stopEditing();
    setSaving(true);
    const ok = await onEdit(m, text);
    setSaving(false);
    if (ok) stopEditing();
  };

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
            {editing ? (
              <form
                className="chat-msg__edit"
                onSubmit={(e) => {
                  e.preventDefault();
                  void save();
                }}
              >
                <textarea
                  ref={editArea}
                  className="input chat-msg__edit-input"
                  aria-label={t('chat:message.editLabel')}
                  aria-describedby={editHintId}
                  value={draft}
                  rows={2}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      e.preventDefault();
                      stopEditing();
                    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      void save();
                    }
                  }}
                  data-testid="chat-edit-input"
                />
                <p id={editHintId} className="chat-msg__edit-hint">
                  {t('chat:message.editHint')}
                </p>
                <div className="chat-msg__edit-actions">
                  <button type="button" className="btn btn--ghost btn--sm" onClick={stopEditing}>
                    {t('chat:actions.cancel')}
                  </button>
                  <button type="submit" className="btn btn--primary btn--sm" disabled={saving || !draft.trim()} data-testid="chat-edit-save">
                    {t('chat:actions.save')}
                  </button>
                </div>
              </form>
            ) : m.content.text ? (
              <p className="chat-msg__text">{m.content.text}</p>
            ) : null}
          </>
        )}
        <p className="chat-msg__meta">
          <time dateTime={m.createdAt}>{time}</time>
          {m.editedAt && !m.isDeleted ? (
            <span className="chat-msg__edited" data-testid="chat-edited">
              {' · '}
              {t('chat:message.edited')}
            </span>
          ) : null}
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
          {canEdit && !editing ? (
            <button
              ref={editButton}
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                setDraft(m.content.text);
                setEditing(true);
              }}
              data-testid="chat-action-edit"
            >
              {t('chat:actions.edit')}
            </button>
          ) : null}
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

/** The sender's own text message, not deleted, within the edit window (the server decides again). */
export const editableNow = (m: Message, me: string, now: Date): boolean =>
  m.sender._id === me && m.type === 'text' && !m.isDeleted && now.getTime() - Date.parse(m.createdAt) <= CHAT_EDIT_WINDOW_MINUTES * 60_000;
