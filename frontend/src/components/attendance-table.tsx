import type { Attendance } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { ALL_NS } from '../locales/resources';

/** Whom a record is of: the member of a member session, the trainer of a trainer session. */
export const personOf = (a: Attendance) => a.member ?? a.trainer;

const STATUS_TONE: Record<Attendance['status'], string> = { active: 'badge--success', completed: 'badge--neutral', late: 'badge--warning' };

/** Member, Check In, Check Out, Duration, Status, Workout Type. */
export function AttendanceTable({ rows, busy, lang, showPerson = true }: { rows: Attendance[]; busy?: boolean; lang: string; showPerson?: boolean }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className="table-wrap">
      <table className="table" data-testid="attendance-table" aria-busy={busy} style={{ whiteSpace: 'nowrap' }}>
        <caption className="visually-hidden">{t('attendance:manage.tableLabel')}</caption>
        <thead>
          <tr>
            {showPerson ? <th scope="col">{t('attendance:manage.columns.member')}</th> : null}
            <th scope="col">{t('attendance:manage.columns.checkIn')}</th>
            <th scope="col">{t('attendance:manage.columns.checkOut')}</th>
            <th scope="col">{t('attendance:manage.columns.duration')}</th>
            <th scope="col">{t('attendance:manage.columns.status')}</th>
            <th scope="col">{t('attendance:manage.columns.workoutType')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => {
            const person = personOf(a);
            return (
              <tr key={a._id} data-testid="attendance-row">
                {showPerson ? (
                  <th scope="row" className="table__primary">
                    <span className="att-person">
                      <span>{person?.name ?? '—'}</span>
                      <span className="text-muted">{person?.user.email}</span>
                    </span>
                  </th>
                ) : null}
                <td data-label={t('attendance:manage.columns.checkIn')}>{formatDateTime(a.checkInTime, lang)}</td>
                <td data-label={t('attendance:manage.columns.checkOut')}>
                  {a.checkOutTime ? formatDateTime(a.checkOutTime, lang) : t('attendance:manage.noCheckOut')}
                </td>
                <td data-label={t('attendance:manage.columns.duration')}>
                  {a.duration === null ? t('attendance:manage.noCheckOut') : t('attendance:manage.minutes', { count: a.duration })}
                </td>
                <td data-label={t('attendance:manage.columns.status')}>
                  <span className={`badge ${STATUS_TONE[a.status]}`}>{t(`attendance:status.${a.status}`)}</span>
                </td>
                <td data-label={t('attendance:manage.columns.workoutType')}>{t(`attendance:workout.${a.workoutType}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
