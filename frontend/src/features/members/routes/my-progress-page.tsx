import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useMyMeasurements, useRecordMyMeasurement } from '../api/my-measurements';
import { ProgressPanel } from '../components/progress-panel';
import '../members.css';

/** /dashboard/me/progress: the member's own body measurements (chart, table) and adding one. */
export function MyProgressPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('members:me.progressTitle'));
  const user = useUser();
  const query = useMyMeasurements();
  const record = useRecordMyMeasurement();
  return (
    <div className="page my-page">
      <PageHeader title={t('members:me.progressTitle')} subtitle={t('members:me.progressSubtitle')} />
      <ProgressPanel query={query} record={record} timeZone={user.locations[0]?.timezone} />
    </div>
  );
}
