import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatus } from '../../../components/service-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyFeedback } from '../api/get-my-feedback';
import { ALL_NS } from '../../../locales/resources';

export function FeedbackPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('services:feedback.pageTitle'));
  const query = useMyFeedback();
  return (
    <div className="page">
      <PageHeader title={t('services:feedback.title')} subtitle={t('services:feedback.subtitle')} />
      <section className="card" aria-label={t('services:feedback.title')}>
        <ServiceStatus query={query} />
      </section>
    </div>
  );
}
