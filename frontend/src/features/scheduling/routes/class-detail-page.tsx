import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { isNotFoundError } from '../../../lib/api-error';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useClassDetail, useTimetable, useTrainerOptions } from '../api/scheduling-api';
import { BookMemberForm } from '../components/book-member-form';
import { CancelClassModal } from '../components/cancel-class-modal';
import { ClassFacts } from '../components/class-facts';
import { ClassRoster } from '../components/class-roster';
import { QueryView } from '../components/scheduling-states';
import { EmptyState } from '../../../components/empty-state';
import '../scheduling.css';

/** /dashboard/classes/:id: one class for staff and trainers — its facts, roster, waitlist and marks; staff book and cancel. */
export function ClassDetailPage() {
  const { t } = useTranslation(ALL_NS);
  const { id = '' } = useParams();
  const user = useUser();
  const staff = user.role === 'owner' || user.role === 'admin';
  const detail = useClassDetail(id);
  const [cancelling, setCancelling] = useState(false);
  // The location's time zone comes with its timetable (the week of this class).
  const zone = useTimetable(detail.data ? { locationId: detail.data.locationId, week: detail.data.localDate } : null);
  const trainers = useTrainerOptions(detail.data?.locationId ?? null, !!detail.data);
  const names = useMemo(() => new Map((trainers.data ?? []).map((tr) => [tr.id, tr.name])), [trainers.data]);
  useDocumentTitle(detail.data?.className ?? t('scheduling:timetable.title'));
  const back = user.role === 'trainer' ? '/dashboard/my-classes' : '/dashboard/classes';

  return (
    <div className="page sched-page">
      <Link to={back} className="back-link">
        {t('scheduling:common.back')}
      </Link>
      {detail.isError && isNotFoundError(detail.error) ? (
        <div className="card">
          <EmptyState title={t('scheduling:detail.notFound')} />
        </div>
      ) : (
        <QueryView query={detail} loading={t('scheduling:detail.loading')} errorTitle={t('scheduling:detail.loadError')}>
          {(c) => {
            const timeZone = zone.data?.timeZone ?? user.locations.find((l) => l._id === c.locationId)?.timezone ?? 'Asia/Kolkata';
            const canCancel = staff && c.status === 'scheduled' && Date.parse(c.startsAt) > Date.now();
            return (
              <>
                <PageHeader
                  title={c.className}
                  subtitle={t('scheduling:common.timeZone', { zone: timeZone })}
                  actions={
                    canCancel ? (
                      <button type="button" className="btn btn--secondary" onClick={() => setCancelling(true)} data-testid="cancel-class">
                        {t('scheduling:detail.cancelClass')}
                      </button>
                    ) : undefined
                  }
                />
                {c.status === 'cancelled' ? <Alert tone="warning">{t('scheduling:detail.cancelledNotice')}</Alert> : null}
                <div className="card sched-card">
                  <ClassFacts c={c} timeZone={timeZone} trainer={c.trainerName ?? (c.trainerId ? (names.get(c.trainerId) ?? null) : null)} />
                </div>
                <div className="card sched-card">
                  <ClassRoster detail={c} staff={staff} />
                </div>
                {staff && c.status === 'scheduled' ? (
                  <div className="card sched-card">
                    <BookMemberForm classId={c.id} />
                  </div>
                ) : null}
                {staff ? <CancelClassModal open={cancelling} onClose={() => setCancelling(false)} detail={c} /> : null}
              </>
            );
          }}
        </QueryView>
      )}
    </div>
  );
}
