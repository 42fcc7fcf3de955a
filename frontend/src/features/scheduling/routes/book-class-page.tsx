import { ClassCategory, type ClassSummary, type Timetable } from '@akhada/contracts';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { PageHeader } from '../../../components/page-header';
import { TabList, TabPanel } from '../../../components/tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { ALL_NS } from '../../../locales/resources';
import { useMemberTrainer, useTimetable } from '../api/scheduling-api';
import { PlaceActions } from '../components/place-actions';
import { QueryView } from '../components/scheduling-states';
import { useLiveScheduling } from '../lib/use-live-scheduling';
import { useScheduleLocation } from '../lib/use-schedule-location';
import { trainersOf, type TrainerOption } from '../lib/trainer-filter';
import { addDays, classTimes, dayLabel, daysWithClasses, isBookable, spotsLeft, weekColumns } from '../lib/week';
import '../scheduling.css';

type WeekKey = 'this' | 'next';

/** One class a member may book: when, what, where, how many places are left, and their own place in it. */
function ClassOffer({ c, timeZone, now }: { c: ClassSummary; timeZone: string; now: Date }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const times = classTimes(c, timeZone);
  const left = spotsLeft(c);
  const full = left === 0;
  const cancelled = c.status === 'cancelled';
  const headingId = `offer-${c.id}`;
  const when = { name: c.className, date: dayLabel(c.localDate, i18n.language), time: times.start };
  return (
    <li
      className={`card sched-offer${cancelled ? ' sched-offer--cancelled' : ''}`}
      style={{ '--class-colour': c.colour } as CSSProperties}
      data-testid="class-offer"
    >
      <article aria-labelledby={headingId}>
        <p className="sched-offer__time">{t('scheduling:common.time', times)}</p>
        <h3 className="sched-offer__name" id={headingId}>
          {c.className}
        </h3>
        <p className="sched-muted">
          {t(`scheduling:category.${c.category}`)}
          {c.trainerName ? ` · ${t('scheduling:common.trainer', { name: c.trainerName })}` : ''}
          {c.room ? ` · ${t('scheduling:common.room', { room: c.room })}` : ''}
        </p>
        <p className="sched-offer__spots" data-testid="offer-spots">
          {cancelled ? (
            <span className="badge badge--danger">{t('scheduling:common.cancelled')}</span>
          ) : full ? (
            t('scheduling:book.fullWaitlist', { count: c.waitlisted })
          ) : (
            t('scheduling:book.spotsLeft', { count: left })
          )}
        </p>
        <PlaceActions
          classId={c.id}
          className={c.className}
          place={c.myPlace}
          full={full}
          bookable={isBookable(c, now)}
          timeZone={timeZone}
          label={full ? t('scheduling:book.waitlistFor', when) : t('scheduling:book.bookingFor', when)}
        />
      </article>
    </li>
  );
}

function WeekOffers({ timetable, filter, now }: { timetable: Timetable; filter: (c: ClassSummary) => boolean; now: Date }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const days = daysWithClasses(weekColumns(timetable.weekStart, timetable.classes.filter(filter)));
  if (days.length === 0) return <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:book.empty')} hint={t('scheduling:book.emptyHint')} />;
  return (
    <div className="sched-agenda">
      {days.map((day) => (
        <section key={day.date} aria-labelledby={`book-day-${day.date}`} className="sched-agenda__day">
          <h2 className="sched-day__title" id={`book-day-${day.date}`}>
            {dayLabel(day.date, i18n.language, { long: true })}
          </h2>
          <ul className="sched-offers">
            {day.classes.map((c) => (
              <ClassOffer key={c.id} c={c} timeZone={timetable.timeZone} now={now} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * /dashboard/me/classes: a member's "Book a class" — this week and next at their location, filtered by category, with
 * the places left or their waitlist position. A change of the member's own place (promoted from the waitlist, offered
 * a place, a class cancelled) shows at once through its pushed notification; the page also reads again while it is
 * visible (every 30 s, every 4 s while the socket is down), so others' bookings move the places left without a reload.
 */
export function BookClassPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:book.title'));
  const { locationId } = useScheduleLocation();
  const [week, setWeek] = useState<WeekKey>('this');
  const [category, setCategory] = useState<ClassCategory | ''>('');
  const [trainer, setTrainer] = useState<TrainerOption | null>(null);
  const myTrainer = useMemberTrainer();
  const nowMs = useNow(30_000);
  const now = new Date(nowMs);
  const { live } = useLiveScheduling();
  const thisWeek = useTimetable(locationId ? { locationId } : null, { live: week === 'this', pushed: live });
  const nextStart = thisWeek.data ? addDays(thisWeek.data.weekStart, 7) : undefined;
  const nextWeek = useTimetable(locationId && nextStart && week === 'next' ? { locationId, week: nextStart } : null, { live: week === 'next', pushed: live });
  const shown = week === 'this' ? thisWeek : nextWeek;
  const filter = (c: ClassSummary) => (!category || c.category === category) && (!trainer || c.trainerId === trainer.id);
  const trainers = trainersOf(shown.data?.classes ?? [], trainer);

  return (
    <div className="page sched-page">
      <PageHeader
        title={t('scheduling:book.title')}
        subtitle={t('scheduling:book.subtitle')}
        actions={
          <Link to="/dashboard/me/bookings" className="btn btn--secondary">
            {t('scheduling:mine.title')}
          </Link>
        }
      />
      <div className="sched-toolbar">
        <TabList<WeekKey>
          label={t('scheduling:week.label')}
          idPrefix="book-week"
          className="tabs--pills"
          active={week}
          onChange={setWeek}
          tabs={[
            { key: 'this', label: t('scheduling:week.current'), testId: 'book-this-week' },
            { key: 'next', label: t('scheduling:week.nextWeek'), testId: 'book-next-week' },
          ]}
        />
        <div className="sched-filter">
          <label htmlFor="book-category" className="field__label">
            {t('scheduling:common.category')}
          </label>
          <select
            id="book-category"
            className="input select"
            value={category}
            onChange={(e) => setCategory(e.target.value as ClassCategory | '')}
            data-testid="book-category"
          >
            <option value="">{t('scheduling:common.allCategories')}</option>
            {ClassCategory.options.map((c) => (
              <option key={c} value={c}>
                {t(`scheduling:category.${c}`)}
              </option>
            ))}
          </select>
        </div>
        {trainers.length > 0 ? (
          <div className="sched-filter">
            <label htmlFor="book-trainer" className="field__label">
              {t('scheduling:common.trainerFilter')}
            </label>
            <select
              id="book-trainer"
              className="input select"
              value={trainer?.id ?? ''}
              onChange={(e) => setTrainer(trainers.find((tr) => tr.id === e.target.value) ?? null)}
              data-testid="book-trainer"
            >
              <option value="">{t('scheduling:common.allTrainers')}</option>
              {trainers.map((tr) => (
                <option key={tr.id} value={tr.id}>
                  {tr.id === myTrainer.data?.id ? t('scheduling:book.myTrainer', { name: tr.name }) : tr.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <TabPanel idPrefix="book-week" tabKey={week} className="sched-panel">
        {shown.isPending && !thisWeek.isError && week === 'next' && !nextStart ? null : (
          <QueryView query={shown} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
            {(data) => (
              <>
                <p className="sched-zone">
                  {t('scheduling:common.timeZone', { zone: data.timeZone })} · {t('scheduling:book.live')}
                </p>
                <WeekOffers timetable={data} filter={filter} now={now} />
              </>
            )}
          </QueryView>
        )}
      </TabPanel>
    </div>
  );
}
