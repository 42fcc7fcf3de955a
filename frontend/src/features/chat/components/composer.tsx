import { CHAT_ACCEPT_ATTRIBUTE, CHAT_MAX_FILE_BYTES, type Message } from '@akhada/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons/close';
import { PaperclipIcon } from './paperclip-icon';
import { ALL_NS } from '../../../locales/resources';
import { formatBytes } from '../lib/format-time';
import { fullName } from '../lib/names';

/** Sending is blocked when the text is empty after trimming, unless a file is chosen (spec §5). */
export const canSend = (text: string, file: File | null) => text.trim().length > 0 || file !== null;

export function Composer({
  replyTo,
  onCancelReply,
  onSend,
  onTyping,
  sending,
  error,
}: {
  replyTo: Message | null;
  onCancelReply: () => void;
  onSend: (text: string, file: File | null) => Promise<boolean>;
  onTyping: (isTyping: boolean) => void;
  sending: boolean;
  error: string | null;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const lastTyping = useRef(0);

  useEffect(() => {
    if (replyTo) area.current?.focus();
  }, [replyTo]);

  const submit = async () => {
    if (!canSend(text, file) || sending) return;
    const ok = await onSend(text.trim(), file);
    if (ok) {
      // The reply target and the file are cleared after sending (spec §4).
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      lastTyping.current = 0;
      onTyping(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const onChange = (v: string) => {
    setText(v);
    const now = Date.now();
    if (v.trim() && now - lastTyping.current > 3000) {
      lastTyping.current = now;
      onTyping(true);
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label={t('chat:composer.label')}
    >
      {replyTo ? (
        <div className="chat-composer__chip" data-testid="chat-replying">
          <span>
            {t('chat:composer.replyingTo', { name: fullName(replyTo.sender) })}: <em>{replyTo.content.text.slice(0, 80) || t('chat:list.file')}</em>
          </span>
          <button type="button" className="icon-btn" onClick={onCancelReply} aria-label={t('chat:composer.cancelReply')}>
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      {file ? (
        <div className="chat-composer__chip" data-testid="chat-file-chosen">
          <span>
            <PaperclipIcon size={14} /> {file.name} ({formatBytes(file.size, i18n.language)})
          </span>
          <button
            type="button"
            className="icon-btn"
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
            aria-label={t('chat:composer.removeFile')}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      {fileError || error ? (
        <p className="field__error" role="alert">
          {fileError ?? error}
        </p>
      ) : null}
      <div className="chat-composer__row">
        <input
          ref={fileInput}
          type="file"
          className="visually-hidden"
          accept={CHAT_ACCEPT_ATTRIBUTE}
          id="chat-file"
          tabIndex={-1}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            if (f && f.size > CHAT_MAX_FILE_BYTES) {
              setFileError(t('chat:composer.tooLarge'));
              e.target.value = '';
              return;
            }
            setFileError(null);
            setFile(f);
          }}
          data-testid="chat-file-input"
        />
        <button
          type="button"
          className="btn btn--secondary chat-composer__attach"
          onClick={() => fileInput.current?.click()}
          aria-label={t('chat:composer.attach')}
        >
          <PaperclipIcon size={18} />
        </button>
        <label className="visually-hidden" htmlFor="chat-text">
          {t('chat:composer.placeholder')}
        </label>
        <textarea
          ref={area}
          id="chat-text"
          className="input chat-composer__text"
          rows={1}
          value={text}
          maxLength={4000}
          placeholder={t('chat:composer.placeholder')}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="chat-text-hint"
          data-testid="chat-input"
        />
        <span id="chat-text-hint" className="visually-hidden">
          {t('chat:composer.hint')}
        </span>
        <button type="submit" className="btn btn--primary" disabled={!canSend(text, file) || sending} data-testid="chat-send">
          {sending ? t('chat:composer.sending') : t('chat:composer.send')}
        </button>
      </div>
    </form>
  );
}
