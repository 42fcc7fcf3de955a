import type { ChatUser, Conversation } from '@akhada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { LoadingState } from '../../../components/spinner';
import { UserAvatar } from '../../../components/user-avatar';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { chatKeys, createConversation, useChatUsers } from '../api/chat-api';
import { fullName, initialsOf } from '../lib/names';

const roleLabel = (u: ChatUser) => `chat:roles.${u.role}` as const;

function useCreate(onCreated: (c: Conversation) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: (c) => {
      void qc.invalidateQueries({ queryKey: chatKeys.conversationLists });
      onCreated(c);
    },
    onError: (err) => console.error('[chat] create', err),
  });
}

/** Start New Chat: the people the caller may reach; choosing one opens (or creates) the direct conversation. */
export function NewChatDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (c: Conversation) => void }) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const [search, setSearch] = useState('');
  const users = useChatUsers(search.trim(), open);
  const create = useCreate(onCreated);
  return (
    <Modal open={open} onClose={onClose} title={t('chat:newChat.title')} description={t('chat:newChat.description')} testId="chat-new-dialog">
      <label className="field">
        <span className="field__label">{t('chat:newChat.search')}</span>
        <input className="input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} data-autofocus />
      </label>
      {create.isError ? (
        <p className="field__error" role="alert">
          {describe(create.error, { fallback: t('chat:errors.createConversation') })}
        </p>
      ) : null}
      {users.isPending ? (
        <LoadingState title={t('chat:newChat.loading')} />
      ) : users.isError ? (
        <p className="field__error" role="alert">
          {describe(users.error, { fallback: t('chat:errors.fetchUsers') })}
        </p>
      ) : users.data.length === 0 ? (
        <p className="text-muted">{t('chat:newChat.nobody')}</p>
      ) : (
        <ul className="chat-people" aria-label={t('chat:newChat.people')}>
          {users.data.map((u) => (
            <li key={u._id}>
              <button
                type="button"
                className="chat-people__item"
                disabled={create.isPending}
                onClick={() => create.mutate({ type: 'direct', participants: [{ user: u._id }] })}
                data-testid="chat-person"
              >
                <UserAvatar person={{ ...u, avatarUrl: u.avatar }} size="sm" initials={initialsOf(fullName(u))} />
                <span className="chat-people__name">{fullName(u)}</span>
                <span className="badge badge--neutral">{t(roleLabel(u))}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** Create New Group: a name and at least one member are required (spec §5); staff may make it a broadcast. */
export function NewGroupDialog({
  open,
  onClose,
  onCreated,
  isStaff,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (c: Conversation) => void;
  isStaff: boolean;
}) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const users = useChatUsers('', open);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [broadcast, setBroadcast] = useState(false);
  const [tried, setTried] = useState(false);
  const create = useCreate((c) => {
    setName('');
    setDescription('');
    setMembers([]);
    setBroadcast(false);
    setTried(false);
    onCreated(c);
  });
  const nameError = tried && !name.trim() ? t('chat:newGroup.nameRequired') : null;
  const membersError = tried && members.length === 0 ? t('chat:newGroup.membersRequired') : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || members.length === 0) return;
    create.mutate({
      type: broadcast ? 'broadcast' : 'group',
      name: name.trim(),
      description: description.trim(),
      participants: members.map((user) => ({ user })),
    });
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('chat:newGroup.title')}
      testId="chat-group-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('chat:actions.cancel')}
          </button>
          <button type="submit" form="chat-group-form" className="btn btn--primary" disabled={create.isPending} data-testid="chat-group-create">
            {t('chat:newGroup.create')}
          </button>
        </>
      }
    >
      <form id="chat-group-form" className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">
            {t('chat:newGroup.name')} <span className="field__required">*</span>
          </span>
          <input
            className="input"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'chat-group-name-error' : undefined}
            data-autofocus
            data-testid="chat-group-name"
          />
          {nameError ? (
            <span id="chat-group-name-error" className="field__error">
              {nameError}
            </span>
          ) : null}
        </label>
        <label className="field">
          <span className="field__label">{t('chat:newGroup.description')}</span>
          <textarea className="input" rows={2} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        {isStaff ? (
          <label className="choice">
            <input type="checkbox" className="choice__input" checked={broadcast} onChange={(e) => setBroadcast(e.target.checked)} />
            <span>{t('chat:newGroup.broadcast')}</span>
          </label>
        ) : null}
        <fieldset className="field chat-group-members" aria-describedby={membersError ? 'chat-group-members-error' : undefined}>
          <legend className="field__label">
            {t('chat:newGroup.members')} <span className="field__required">*</span>
          </legend>
          {users.isPending ? (
            <LoadingState title={t('chat:newChat.loading')} />
          ) : users.isError ? (
            <p className="field__error">{describe(users.error, { fallback: t('chat:errors.fetchUsers') })}</p>
          ) : users.data.length === 0 ? (
            <p className="text-muted">{t('chat:newChat.nobody')}</p>
          ) : (
            <ul className="chat-people">
              {users.data.map((u) => (
                <li key={u._id}>
                  <label className="chat-people__item">
                    <input
                      type="checkbox"
                      checked={members.includes(u._id)}
                      onChange={(e) => setMembers((m) => (e.target.checked ? [...m, u._id] : m.filter((x) => x !== u._id)))}
                      data-testid="chat-group-member"
                    />
                    <span className="chat-people__name">{fullName(u)}</span>
                    <span className="badge badge--neutral">{t(roleLabel(u))}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {membersError ? (
            <span id="chat-group-members-error" className="field__error">
              {membersError}
            </span>
          ) : null}
        </fieldset>
        {create.isError ? (
          <p className="field__error" role="alert">
            {describe(create.error, { fallback: t('chat:errors.createGroup') })}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
