import type { ClassDetail } from '@akhada/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { useToast } from '../../../components/toast';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCancelBooking, useMarkAttended } from '../api/scheduling-api';
import { refusalText } from '../lib/refusal';
import type { Translate } from '../../../lib/relative-time';

type Entry = NonNullable<ClassDetail['roster']>[number];

const STATUS_TONE: Record<Entry['status'], string> = {
  booked: 'badge--info',
  waitlisted: 'badge--neutral',
  offered: 'badge--warning',
  cancelled: 'badge--neutral',
  attended: 'badge--success',
  no_show: 'badge--danger',
  expired: 'badge--neutral',
};

export function BookingStatusBadge({ status }: { status: Entry['status'] }) {
  const { t } = useTranslation(ALL_NS);
  return <span className={`badge ${STATUS_TONE[status]}`}>{t(`scheduling:status.${status}`)}</span>;
}

/**
 * A class's roster (the booked, with the attended tick) and its waitlist in order. Staff may also take someone off
 * (their place goes to the first waiting). No-shows are not marked by hand: the service marks every booking not
 * attended when the class ends. After an action focus moves to the section's heading, and a status line says what happened.
 */
export function ClassRoster({ detail, staff }: { detail: ClassDetail; staff: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const mark = useMarkAttended();
  const remove = useCancelBooking();
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const roster = detail.roster ?? [];
  const waitlist = detail.waitlist ?? [];
  const open = detail.status !== 'cancelled';
  const failed = (e: unknown) =>
    setFailure(refusalText(e, t as unknown as Translate, i18n.language) ?? describe(e, { fallback: t('scheduling:detail.actionFailed') }));
  const done = (text: string) => {
    setFailure(null);
    setSaid(text);
    toast.success(text);
    heading.current?.focus();
  };
  const onMark = (e: Entry) =>
    mark.mutate({ id: detail.id, memberId: e.memberId }, { onSuccess: () => done(t('scheduling:detail.marked', { name: e.name })), onError: failed });
  const onRemove = (e: Entry) =>
    remove.mutate({ id: detail.id, memberId: e.memberId }, { onSuccess: () => done(t('scheduling:detail.removed', { name: e.name })), onError: failed });
  const busy = mark.isPending || remove.isPending;

  return (
    <div className="sched-roster">
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {failure ? (
        <Alert tone="error" testId="roster-error">
          {failure}
        </Alert>
      ) : null}
      <section aria-labelledby={`roster-${detail.id}`}>
        <h2 className="card__title sched-roster__title" id={`roster-${detail.id}`} tabIndex={-1} ref={heading}>
          {t('scheduling:detail.roster')} ({detail.booked}/{detail.capacity})
        </h2>
        {roster.length === 0 ? (
          <p className="sched-muted">{t('scheduling:detail.rosterEmpty')}</p>
        ) : (
          <ul className="sched-people" data-testid="roster">
            {roster.map((e) => (
              <li key={e.memberId} className="sched-person" data-testid="roster-entry">
                <span className="sched-person__name">{e.name}</span>
                <BookingStatusBadge status={e.status} />
                <span className="sched-person__actions">
                  {open && e.status === 'booked' ? (
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() => onMark(e)}
                      disabled={busy}
                      aria-label={t('scheduling:detail.markAttended', { name: e.name })}
                      data-testid="mark-attended"
                    >
                      {t('scheduling:detail.attendedShort')}
                    </button>
                  ) : null}
                  {staff && open && (e.status === 'booked' || e.status === 'offered') ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() => onRemove(e)}
                      disabled={busy}
                      aria-label={t('scheduling:detail.remove', { name: e.name })}
                    >
                      {t('scheduling:detail.removeShort')}
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="sched-muted sched-note">{t('scheduling:detail.noShowNote')}</p>
      </section>
      <section aria-labelledby={`waitlist-${detail.id}`}>
        <h2 className="card__title sched-roster__title" id={`waitlist-${detail.id}`}>
          {t('scheduling:detail.waitlist')} ({waitlist.length})
        </h2>
        {waitlist.length === 0 ? (
          <p className="sched-muted">{t('scheduling:detail.waitlistEmpty')}</p>
        ) : (
          <ol className="sched-people" data-testid="waitlist">
            {waitlist.map((e) => (
              <li key={e.memberId} className="sched-person" data-testid="waitlist-entry">
                <span className="sched-person__pos">{e.position ?? '–'}</span>
                <span className="sched-person__name">{e.name}</span>
                <span className="sched-muted">{formatDateTime(e.since, i18n.language)}</span>
                {staff && open ? (
                  <span className="sched-person__actions">
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() => onRemove(e)}
                      disabled={busy}
                      aria-label={t('scheduling:detail.remove', { name: e.name })}
                    >
                      {t('scheduling:detail.removeShort')}
                    </button>
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
