import type { Conversation, Message } from '@akhada/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { ArrowLeftIcon } from '../../../components/icons/arrow-left';
import { BellIcon } from '../../../components/icons/bell';
import { BellOffIcon } from '../../../components/icons/bell-off';
import { LoadingState } from '../../../components/spinner';
import { useErrorText } from '../../../lib/use-error-text';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import {
  chatKeys,
  deleteMessage,
  editMessage,
  markRead,
  sendMessage,
  setMuted,
  sendTyping,
  toggleReaction,
  togglePin,
  uploadFile,
  useConversation,
  useMessageMutation,
  useMessages,
} from '../api/chat-api';
import type { TypingMap } from '../hooks/use-chat-socket';
import { conversationTitle, fullName } from '../lib/names';
import { Composer } from './composer';
import { MessageItem } from './message-item';

export function MessagePane({ id, me, onBack, typing }: { id: string; me: string; onBack: () => void; typing: TypingMap }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const qc = useQueryClient();
  const now = new Date(useNow(60_000));
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setReplyTo(null);
    setSendError(null);
    setActionError(null);
  }, [id]);

  const list = useMemo(() => (messages.data ? [...messages.data.pages].reverse().flatMap((p) => p.data) : []), [messages.data]);
  const newest = list.at(-1);
  const newestId = newest?._id;

  // Keep the newest message in view, and mark the conversation read when something new is shown.
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);
  useEffect(() => {
    if (!newestId) return;
    void markRead(id).then(
      () => void qc.invalidateQueries({ queryKey: chatKeys.conversationLists }),
      (err: unknown) => console.error('[chat] read', err),
    );
  }, [id, newestId, qc]);

  const send = useMessageMutation(id, (v: { text: string; file: File | null; replyTo: string | null }) =>
    v.file ? uploadFile(id, v.file, v.text, v.replyTo) : sendMessage(id, v.text, v.replyTo),
  );
  const react = useMessageMutation(id, (v: { m: Message; emoji: string }) => toggleReaction(v.m._id, v.emoji));
  const pin = useMessageMutation(id, (m: Message) => togglePin(m._id));
  const del = useMessageMutation(id, (m: Message) => deleteMessage(m._id));
  const edit = useMessageMutation(id, (v: { m: Message; text: string }) => editMessage(v.m._id, v.text));
  const [seenOpen, setSeenOpen] = useState(false);
  const [muting, setMuting] = useState(false);
  const toggleMute = async (muted: boolean) => {
    setMuting(true);
    setActionError(null);
    try {
      const next = await setMuted(id, muted);
      qc.setQueryData(chatKeys.conversation(id), next);
      void qc.invalidateQueries({ queryKey: chatKeys.conversationLists });
    } catch (err) {
      setActionError(describe(err, { fallback: t('chat:errors.mute') }));
    } finally {
      setMuting(false);
    }
  };
  const seenListId = useId();
  const fail = (key: 'addReaction' | 'togglePin' | 'deleteMessage' | 'editMessage') => (err: unknown) =>
    setActionError(describe(err, { fallback: t(`chat:errors.${key}`) }));

  if (conversation.isError)
    return (
      <div className="chat-pane">
        <ErrorState
          error={conversation.error}
          title={t('chat:errors.fetchConversation')}
          onRetry={() => void conversation.refetch()}
          retrying={conversation.isFetching}
        />
      </div>
    );
  const c: Conversation | undefined = conversation.data;
  const title = c ? conversationTitle(c, me) : '';
  const myRole = c?.participants.find((p) => p.user._id === me)?.role;
  const isAdmin = myRole === 'admin';
  const typists = (typing[id] ?? []).filter((x) => x.userId !== me);
  const pinned = list.filter((m) => m.isPinned);
  const readByOthers = (m: Message) => c?.type === 'direct' && m.sender._id === me && c.participants.some((p) => p.user._id !== me && p.lastReadSeq >= m.seq);
  // Groups and broadcasts: who has seen my newest message (their read mark is at it or later).
  const seenBy =
    c && c.type !== 'direct' && newest && newest.sender._id === me && !newest.isDeleted
      ? c.participants.filter((p) => p.user._id !== me && p.lastReadSeq >= newest.seq).map((p) => fullName(p.user))
      : null;

  return (
    <div className="chat-pane" data-testid="chat-pane">
      <header className="chat-pane__head">
        <button type="button" className="icon-btn chat-pane__back" onClick={onBack} aria-label={t('chat:pane.back')}>
          <ArrowLeftIcon size={20} />
        </button>
        <div className="chat-pane__title">
          <h2 data-testid="chat-title">{title}</h2>
          <p className="chat-pane__sub" aria-live="polite">
            {typists.length > 0
              ? t('chat:typing.named', { name: typists.map((x) => x.name).join(', ') })
              : c && c.type !== 'direct'
                ? t(c.type === 'broadcast' ? 'chat:pane.broadcastMembers' : 'chat:pane.members', { count: c.participants.length })
                : ''}
          </p>
        </div>
        {c ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm chat-pane__mute"
            data-muted={c.isMuted}
            title={c.isMuted ? t('chat:pane.muteHint') : undefined}
            disabled={muting}
            onClick={() => void toggleMute(!c.isMuted)}
            data-testid="chat-mute"
          >
            {c.isMuted ? <BellOffIcon size={16} /> : <BellIcon size={16} />}
            {c.isMuted ? t('chat:pane.unmute') : t('chat:pane.mute')}
          </button>
        ) : null}
      </header>
      {pinned.length > 0 ? (
        <div className="chat-pinned" aria-label={t('chat:pane.pinned')} data-testid="chat-pinned">
          📌 <strong>{t('chat:pane.pinnedCount', { count: pinned.length })}</strong> {pinned.at(-1)!.content.text.slice(0, 80)}
        </div>
      ) : null}
      {actionError ? (
        <p className="alert alert--error chat-pane__alert" role="alert">
          {actionError}
        </p>
      ) : null}
      <div className="chat-pane__scroll">
        {messages.isPending ? (
          <LoadingState title={t('chat:pane.loading')} />
        ) : messages.isError ? (
          <ErrorState error={messages.error} title={t('chat:errors.fetchMessages')} onRetry={() => void messages.refetch()} retrying={messages.isFetching} />
        ) : list.length === 0 ? (
          <p className="chat-pane__empty" data-testid="chat-no-messages">
            {t('chat:pane.empty')}
          </p>
        ) : (
          <>
            {messages.hasNextPage ? (
              <button
                type="button"
                className="btn btn--link chat-pane__older"
                onClick={() => void messages.fetchNextPage()}
                disabled={messages.isFetchingNextPage}
              >
                {t('chat:pane.older')}
              </button>
            ) : null}
            <ol className="chat-messages" role="log" aria-live="polite" aria-label={t('chat:pane.messages', { name: title })}>
              {list.map((m) => (
                <MessageItem
                  key={m._id}
                  message={m}
                  me={me}
                  now={now}
                  showSender={c?.type !== 'direct'}
                  canDelete={m.sender._id === me || (c?.type !== 'direct' && isAdmin)}
                  canPin={c?.type !== 'broadcast' || isAdmin}
                  onReply={setReplyTo}
                  onReact={(msg, emoji) => react.mutate({ m: msg, emoji }, { onError: fail('addReaction') })}
                  onPin={(msg) => pin.mutate(msg, { onError: fail('togglePin') })}
                  onEdit={(msg, text) =>
                    edit.mutateAsync({ m: msg, text }).then(
                      () => true,
                      (err: unknown) => {
                        fail('editMessage')(err);
                        return false;
                      },
                    )
                  }
                  onDelete={(msg) => {
                    if (window.confirm(t('chat:message.confirmDelete'))) del.mutate(msg, { onError: fail('deleteMessage') });
                  }}
                />
              ))}
            </ol>
            {newest && readByOthers(newest) ? (
              <p className="chat-pane__seen" data-testid="chat-seen">
                {t('chat:pane.seen')}
              </p>
            ) : null}
            {seenBy ? (
              <div className="chat-pane__seen chat-seen-by">
                {seenBy.length === 0 ? (
                  <span data-testid="chat-seen-by">{t('chat:pane.seenByNobody')}</span>
                ) : (
                  <>
                    <button
                      type="button"
                      className="btn btn--link btn--sm"
                      aria-expanded={seenOpen}
                      aria-controls={seenListId}
                      onClick={() => setSeenOpen((v) => !v)}
                      data-testid="chat-seen-by"
                    >
                      {t('chat:pane.seenBy', { count: seenBy.length })}
                    </button>
                    {seenOpen ? (
                      <ul id={seenListId} className="chat-seen-by__list" aria-label={t('chat:pane.seenByList')} data-testid="chat-seen-by-list">
                        {seenBy.map((n, i) => (
                          <li key={`${n}-${i}`}>{n}</li>
                        ))}
                      </ul>
                    ) : null}
                  </>
                )}
              </div>
            ) : null}
          </>
        )}
        <div ref={bottom} />
      </div>
      <Composer
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        sending={send.isPending}
        error={sendError}
        onTyping={(isTyping) => void sendTyping(id, isTyping).catch(() => undefined)}
        onSend={async (text, file) => {
          setSendError(null);
          try {
            await send.mutateAsync({ text, file, replyTo: replyTo?._id ?? null });
            setReplyTo(null);
            return true;
          } catch (err) {
            setSendError(describe(err, { fallback: t(file ? 'chat:errors.uploadFile' : 'chat:errors.sendMessage') }));
            return false;
          }
        }}
      />
    </div>
  );
}
