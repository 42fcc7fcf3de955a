import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ServiceStatus } from '../../../components/service-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAttendance } from '../api/get-attendance';
import { ALL_NS } from '../../../locales/resources';

export function AttendancePage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('services:attendance.pageTitle'));
  const query = useAttendance();
  return (
    <div className="page">
      <PageHeader title={t('services:attendance.title')} subtitle={t('services:attendance.subtitle')} />
      <section className="card" aria-label={t('services:attendance.title')}>
        <ServiceStatus query={query} />
      </section>
    </div>
  );
}
