import type { Conversation } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { BellOffIcon } from '../../../components/icons/bell-off';
import { ChatIcon } from '../../../components/icons/chat';
import { PlusIcon } from '../../../components/icons/plus';
import { SearchIcon } from '../../../components/icons/search';
import { UsersIcon } from '../../../components/icons/users';
import { LoadingState } from '../../../components/spinner';
import { UserAvatar } from '../../../components/user-avatar';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useConversations } from '../api/chat-api';
import { formatMessageTime, unreadBadge } from '../lib/format-time';
import { conversationTitle, directPartner, initialsOf } from '../lib/names';
import type { TypingMap } from '../hooks/use-chat-socket';

export function ConversationList({
  me,
  selectedId,
  search,
  onSearch,
  onSelect,
  onNewChat,
  onNewGroup,
  typing,
}: {
  me: string;
  selectedId: string | null;
  search: string;
  onSearch: (s: string) => void;
  onSelect: (id: string) => void;
  onNewChat: () => void;
  onNewGroup: () => void;
  typing: TypingMap;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const now = useNow(60_000);
  const query = useConversations(search.trim());

  const preview = (c: Conversation) => {
    if ((typing[c._id] ?? []).length > 0) return t('chat:typing.short');
    const m = c.lastMessage;
    if (!m) return c.type === 'direct' ? t('chat:list.noMessagesYet') : c.description || t('chat:list.noMessagesYet');
    if (m.isDeleted) return t('chat:message.deleted');
    const who = m.sender._id === me ? `${t('chat:list.you')}: ` : c.type !== 'direct' ? `${m.sender.firstName}: ` : '';
    const text = m.content.text || (m.content.type === 'image' ? t('chat:list.photo') : t('chat:list.file'));
    return who + text;
  };

  let body;
  if (query.isPending) body = <LoadingState title={t('chat:list.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('chat:errors.fetchConversations')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0)
    body = <EmptyState icon={<ChatIcon size={28} />} title={t('chat:list.empty')} hint={search ? t('chat:list.emptySearchHint') : t('chat:list.emptyHint')} />;
  else
    body = (
      <ul className="chat-list" aria-label={t('chat:list.label')}>
        {query.data.map((c) => {
          const title = conversationTitle(c, me);
          const unread = c.unreadCount;
          return (
            <li key={c._id}>
              <button
                type="button"
                className={`chat-list__item${c._id === selectedId ? ' chat-list__item--active' : ''}`}
                aria-current={c._id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(c._id)}
                data-testid="chat-conversation"
              >
                {c.type === 'direct' ? (
                  <UserAvatar person={directPartner(c, me)} size="md" initials={initialsOf(title)} className="chat-avatar" />
                ) : (
                  <span className="avatar chat-avatar chat-avatar--group" aria-hidden="true">
                    <UsersIcon size={18} />
                  </span>
                )}
                <span className="chat-list__main">
                  <span className="chat-list__top">
                    <span className="chat-list__name">{title}</span>
                    {c.isMuted ? (
                      <span className="chat-list__muted" title={t('chat:pane.mutedBadge')} data-testid="chat-muted">
                        <BellOffIcon size={14} />
                        <span className="visually-hidden">{t('chat:pane.mutedBadge')}</span>
                      </span>
                    ) : null}
                    {c.lastMessage ? (
                      <time className="chat-list__time" dateTime={c.lastMessage.createdAt}>
                        {formatMessageTime(c.lastMessage.createdAt, new Date(now), i18n.language)}
                      </time>
                    ) : null}
                  </span>
                  <span className="chat-list__bottom">
                    <span className={`chat-list__preview${unread > 0 ? ' chat-list__preview--unread' : ''}`}>{preview(c)}</span>
                    {unread > 0 ? (
                      <span className="count-badge chat-list__badge" data-testid="chat-unread">
                        <span aria-hidden="true">{unreadBadge(unread)}</span>
                        <span className="visually-hidden">{t('chat:list.unread', { count: unread })}</span>
                      </span>
                    ) : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="chat-sidebar">
      <div className="chat-sidebar__head">
        <h2 className="chat-sidebar__title">{t('chat:list.title')}</h2>
        <div className="chat-sidebar__actions">
          <button type="button" className="btn btn--primary btn--sm" onClick={onNewChat} data-testid="chat-new">
            <PlusIcon size={16} aria-hidden="true" /> {t('chat:actions.newChat')}
          </button>
          <button type="button" className="btn btn--secondary btn--sm" onClick={onNewGroup} data-testid="chat-new-group">
            <UsersIcon size={16} aria-hidden="true" /> {t('chat:actions.newGroup')}
          </button>
        </div>
        <label className="input-icon chat-sidebar__search">
          <span className="visually-hidden">{t('chat:list.search')}</span>
          <SearchIcon size={16} className="input-icon__icon" aria-hidden="true" />
          <input className="input" type="search" value={search} onChange={(e) => onSearch(e.target.value)} placeholder={t('chat:list.search')} />
        </label>
      </div>
      <div className="chat-sidebar__body">{body}</div>
    </div>
  );
}
