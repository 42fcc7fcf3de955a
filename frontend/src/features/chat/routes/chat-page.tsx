import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ChatIcon } from '../../../components/icons/chat';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { ConversationList } from '../components/conversation-list';
import { MessagePane } from '../components/message-pane';
import { NewChatDialog, NewGroupDialog } from '../components/new-chat-dialogs';
import { useChatSocket } from '../hooks/use-chat-socket';
import '../chat.css';

/**
 * /dashboard/chat: the conversation list and the open conversation (`?c=<id>`, so a notification can link to one).
 * At 768 px and below one pane shows at a time, with a back arrow.
 */
export function ChatPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('chat:pageTitle'));
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<'chat' | 'group' | null>(null);
  const { typing } = useChatSocket();
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: false });
  const isStaff = user.role === 'owner' || user.role === 'admin';

  return (
    <div className="page chat-page">
      <h1 className="visually-hidden">{t('chat:pageTitle')}</h1>
      <div className={`chat${selected ? ' chat--open' : ''}`}>
        <aside className="chat__sidebar" aria-label={t('chat:list.title')}>
          <ConversationList
            me={user._id}
            selectedId={selected}
            search={search}
            onSearch={setSearch}
            onSelect={select}
            onNewChat={() => setDialog('chat')}
            onNewGroup={() => setDialog('group')}
            typing={typing}
          />
        </aside>
        <section className="chat__main" aria-label={t('chat:pane.label')}>
          {selected ? (
            <MessagePane key={selected} id={selected} me={user._id} onBack={() => select(null)} typing={typing} />
          ) : (
            <div className="chat-welcome" data-testid="chat-welcome">
              <ChatIcon size={40} />
              <h2>{t('chat:welcome.title')}</h2>
              <p className="text-muted">{t('chat:welcome.hint')}</p>
              <button type="button" className="btn btn--primary" onClick={() => setDialog('chat')}>
                {t('chat:actions.newChat')}
              </button>
            </div>
          )}
        </section>
      </div>
      <NewChatDialog
        open={dialog === 'chat'}
        onClose={() => setDialog(null)}
        onCreated={(c) => {
          setDialog(null);
          select(c._id);
        }}
      />
      <NewGroupDialog
        open={dialog === 'group'}
        isStaff={isStaff}
        onClose={() => setDialog(null)}
        onCreated={(c) => {
          setDialog(null);
          select(c._id);
        }}
      />
    </div>
  );
}
