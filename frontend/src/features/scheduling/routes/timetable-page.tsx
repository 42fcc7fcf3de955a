import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { PlusIcon } from '../../../components/icons/plus';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useClassTypes, useTimetable, useTrainerOptions } from '../api/scheduling-api';
import { ClassFormModal } from '../components/class-form-modal';
import { LocationPicker } from '../components/location-picker';
import { QueryView } from '../components/scheduling-states';
import { StaffNav } from '../components/staff-nav';
import { WeekNav } from '../components/week-nav';
import { WeekTimetable } from '../components/week-timetable';
import { isUpgradeRequired } from '../lib/refusal';
import { useScheduleLocation } from '../lib/use-schedule-location';
import { addDays, dateIn } from '../lib/week';
import '../scheduling.css';

/** /dashboard/classes: a location's week of classes for staff, with week navigation and "Add classes". */
export function TimetablePage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:timetable.title'));
  const { locationId, location } = useScheduleLocation();
  const role = useUser().role;
  const staff = role === 'owner' || role === 'admin';
  const [week, setWeek] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const timetable = useTimetable(locationId ? { locationId, week } : null);
  const classTypes = useClassTypes();
  const trainers = useTrainerOptions(locationId);
  const now = useNow(60_000);
  const names = useMemo(() => new Map((trainers.data ?? []).map((tr) => [tr.id, tr.name])), [trainers.data]);
  const trainerName = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const timeZone = timetable.data?.timeZone ?? location?.timezone ?? 'Asia/Kolkata';
  const today = dateIn(new Date(now), timeZone);
  const upgrade = isUpgradeRequired(timetable.error);

  return (
    <div className="page sched-page">
      <PageHeader
        title={t('scheduling:timetable.title')}
        subtitle={t('scheduling:timetable.subtitle')}
        actions={
          upgrade || !staff ? undefined : (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)} disabled={!locationId} data-testid="add-classes">
              <PlusIcon size={16} />
              {t('scheduling:timetable.add')}
            </button>
          )
        }
      />
      {staff ? <StaffNav /> : null}
      <LocationPicker />
      <QueryView query={timetable} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
        {(data) => (
          <section className="card sched-card" aria-labelledby="timetable-heading" aria-busy={timetable.isFetching || undefined}>
            <h2 className="visually-hidden" id="timetable-heading">
              {t('scheduling:timetable.gridLabel')}
            </h2>
            <WeekNav
              weekStart={data.weekStart}
              onChange={setWeek}
              isCurrent={week === undefined || (today >= data.weekStart && today <= addDays(data.weekStart, 6))}
            />
            <p className="sched-zone">{t('scheduling:common.timeZone', { zone: data.timeZone })}</p>
            {data.classes.length === 0 ? (
              <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:timetable.empty')} hint={t('scheduling:timetable.emptyHint')} />
            ) : (
              <WeekTimetable timetable={data} today={today} trainerName={trainerName} />
            )}
          </section>
        )}
      </QueryView>
      {locationId ? (
        <ClassFormModal
          open={adding}
          onClose={() => setAdding(false)}
          locationId={locationId}
          classTypes={classTypes.data ?? []}
          trainers={trainers.data ?? []}
          defaultDate={today}
        />
      ) : null}
    </div>
  );
}
