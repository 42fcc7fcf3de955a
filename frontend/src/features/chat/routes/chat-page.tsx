import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatus } from '../../../components/service-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConversations } from '../api/get-conversations';
import { ALL_NS } from '../../../locales/resources';

export function ChatPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('services:chat.pageTitle'));
  const query = useConversations();
  return (
    <div className="page">
      <PageHeader title={t('services:chat.title')} subtitle={t('services:chat.subtitle')} />
      <section className="card" aria-label={t('services:chat.title')}>
        <ServiceStatus query={query} />
      </section>
    </div>
  );
}
