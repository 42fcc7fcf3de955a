import type { Appointment, AppointmentStatus } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useAppointments, useMarkAppointmentAttended, useMarkAppointmentNoShow } from '../api/scheduling-api';
import { QueryView } from '../components/scheduling-states';
import { dateIn, dayLabel, timeIn } from '../lib/week';
import '../scheduling.css';

const BADGE: Record<AppointmentStatus, string> = { booked: 'badge--info', attended: 'badge--success', no_show: 'badge--danger', cancelled: 'badge--neutral' };
/** The trainer may tick attendance from an hour before the start (as the server does); a no-show once it has begun. */
const EARLY_MS = 60 * 60_000;

function AppointmentRow({ a, now }: { a: Appointment; now: number }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const attended = useMarkAppointmentAttended();
  const noShow = useMarkAppointmentNoShow();
  const [busy, setBusy] = useState(false);
  const start = Date.parse(a.startsAt);
  const mark = (which: 'attended' | 'noShow') => {
    setBusy(true);
    (which === 'attended' ? attended : noShow).mutate(a.id, {
      onSuccess: () =>
        toast.success(t(which === 'attended' ? 'scheduling:ptTrainer.markedAttended' : 'scheduling:ptTrainer.markedNoShow', { name: a.memberName })),
      onError: (e) => toast.error(describe(e, { fallback: t('scheduling:ptTrainer.markFailed') })),
      onSettled: () => setBusy(false),
    });
  };
  const canAttend = a.status !== 'cancelled' && a.status !== 'attended' && now >= start - EARLY_MS;
  const canNoShow = a.status === 'booked' && now >= start;
  return (
    <li className="sched-pt-item" data-testid="trainer-appointment">
      <div>
        <p className="sched-offer__time">{t('scheduling:common.time', { start: a.localTime, end: timeIn(a.endsAt, a.timeZone) })}</p>
        <p className="sched-pt-item__name">{a.memberName}</p>
        <span className={`badge ${BADGE[a.status]}`} data-testid="appointment-status">
          {t(`scheduling:ptTrainer.status.${a.status}`)}
        </span>
      </div>
      {canAttend || canNoShow ? (
        <div className="sched-pt-item__actions">
          {canAttend ? (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={busy}
              onClick={() => mark('attended')}
              aria-label={t('scheduling:ptTrainer.attendedLabel', { name: a.memberName })}
            >
              {t('scheduling:ptTrainer.attended')}
            </button>
          ) : null}
          {canNoShow ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={busy}
              onClick={() => mark('noShow')}
              aria-label={t('scheduling:ptTrainer.noShowLabel', { name: a.memberName })}
            >
              {t('scheduling:ptTrainer.noShow')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * /dashboard/my-appointments: the signed-in trainer's personal-training appointments, today's first and then the
 * upcoming ones by day, with the attended / no-show marks once a session is about to begin.
 */
export function MyAppointmentsPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:ptTrainer.title'));
  const list = useAppointments({}, { refreshMs: 60_000 });
  const now = useNow(30_000);
  return (
    <div className="page sched-page">
      <PageHeader title={t('scheduling:ptTrainer.title')} subtitle={t('scheduling:ptTrainer.subtitle')} />
      <QueryView query={list} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
        {(all) => {
          const shown = all.filter((a) => a.status !== 'cancelled');
          if (shown.length === 0)
            return (
              <div className="card">
                <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:ptTrainer.empty')} hint={t('scheduling:ptTrainer.emptyHint')} />
              </div>
            );
          const days = new Map<string, Appointment[]>();
          for (const a of shown) days.set(a.localDate, [...(days.get(a.localDate) ?? []), a]);
          return (
            <>
              {[...days.entries()].map(([date, items]) => {
                const today = items[0] ? dateIn(new Date(now), items[0].timeZone) === date : false;
                return (
                  <section key={date} className="card sched-card" aria-label={dayLabel(date, i18n.language, { long: true })} data-testid="appointment-day">
                    <h2 className="card__title">{today ? t('scheduling:ptTrainer.today') : dayLabel(date, i18n.language, { long: true })}</h2>
                    <ul className="sched-pt-list">
                      {items.map((a) => (
                        <AppointmentRow key={a.id} a={a} now={now} />
                      ))}
                    </ul>
                  </section>
                );
              })}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
