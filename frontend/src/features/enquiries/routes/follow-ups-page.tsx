import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ClockIcon } from '../../../components/icons/clock';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useTodayFollowUps } from '../api/enquiries-api';
import { QueryView } from '../../../components/query-view';
import { useLiveEnquiries } from '../lib/use-live-enquiries';
import '../enquiries.css';

/** /dashboard/enquiries/today: the caller's follow-ups due today, overdue ones first and marked. */
export function FollowUpsPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('enquiries:today.title'));
  const today = useTodayFollowUps();
  const { live } = useLiveEnquiries();
  return (
    <div className="page enq-page" data-live={live}>
      <Link to="/dashboard/enquiries" className="enq-back">
        {t('enquiries:detail.back')}
      </Link>
      <PageHeader title={t('enquiries:today.title')} subtitle={t('enquiries:today.subtitle')} />
      <QueryView query={today} loading={t('enquiries:today.loading')} errorTitle={t('enquiries:today.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <EmptyState icon={<ClockIcon size={28} />} title={t('enquiries:today.empty')} hint={t('enquiries:today.emptyHint')} />
            </div>
          ) : (
            <ul className="enq-list" data-testid="today-follow-ups">
              {list.map((f) => (
                <li key={f.id} className={`card enq-today${f.overdue ? ' enq-today--overdue' : ''}`} data-testid="today-follow-up">
                  <div className="enq-card__head">
                    <Link to={`/dashboard/enquiries/${f.leadId}`} className="enq-card__name">
                      {f.leadName}
                    </Link>
                    {f.overdue ? <span className="badge badge--danger">{t('enquiries:today.overdue')}</span> : null}
                  </div>
                  <p>
                    <strong>{t(`enquiries:kind.${f.kind}`)}</strong> · <a href={`tel:${f.leadPhone.replace(/[^\d+]/g, '')}`}>{f.leadPhone}</a> ·{' '}
                    {t('enquiries:today.due', { when: formatDateTime(f.dueAt, i18n.language) })}
                  </p>
                  {f.note ? <p className="enq-muted">{f.note}</p> : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}
