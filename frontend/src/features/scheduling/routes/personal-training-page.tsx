import { APPOINTMENT_DURATIONS, type Appointment, type FreeSlot } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useAppointments, useBookableTrainers, useBookAppointment, useCancelAppointment, useFreeSlots } from '../api/scheduling-api';
import { BuyPack } from '../components/buy-pack';
import { PackBalanceCard } from '../components/pack-balance-card';
import { QueryView } from '../components/scheduling-states';
import { dayLabel, timeIn } from '../lib/week';
import '../scheduling.css';

/** The member's upcoming sessions, each with cancel. */
function UpcomingSessions() {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const list = useAppointments({}, { refreshMs: 30_000 });
  const cancel = useCancelAppointment();
  const [busy, setBusy] = useState<string | null>(null);
  const onCancel = (a: Appointment) => {
    setBusy(a.id);
    cancel.mutate(a.id, {
      onSuccess: (done) => toast.success(done.late ? t('scheduling:pt.cancelledLate') : t('scheduling:pt.cancelled')),
      onError: (e) => toast.error(describe(e, { fallback: t('scheduling:pt.cancelFailed') })),
      onSettled: () => setBusy(null),
    });
  };
  return (
    <section className="card sched-card" aria-labelledby="pt-upcoming">
      <h2 className="card__title" id="pt-upcoming">
        {t('scheduling:pt.upcoming')}
      </h2>
      <QueryView query={list} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
        {(all) => {
          const upcoming = all.filter((a) => a.status === 'booked');
          return upcoming.length === 0 ? (
            <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:pt.noUpcoming')} />
          ) : (
            <ul className="sched-pt-list" data-testid="my-appointments">
              {upcoming.map((a) => (
                <li key={a.id} className="sched-pt-item" data-testid="my-appointment">
                  <div>
                    <p className="sched-offer__time">
                      {dayLabel(a.localDate, i18n.language, { long: true })} ·{' '}
                      {t('scheduling:common.time', { start: a.localTime, end: timeIn(a.endsAt, a.timeZone) })}
                    </p>
                    <p className="sched-pt-item__name">{t('scheduling:pt.withTrainer', { name: a.trainerName })}</p>
                  </div>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => onCancel(a)}
                    disabled={busy !== null}
                    aria-label={t('scheduling:pt.cancelLabel', { date: dayLabel(a.localDate, i18n.language), time: a.localTime })}
                    data-testid="appointment-cancel"
                  >
                    {busy === a.id ? t('scheduling:pt.cancelling') : t('scheduling:pt.cancel')}
                  </button>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryView>
    </section>
  );
}

/** The trainer's free slots by day, a length to pick, and the one chosen to confirm. */
function BookSession({ trainer }: { trainer: { id: string; name: string } }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const lengthId = useId();
  const [minutes, setMinutes] = useState(60);
  const [chosen, setChosen] = useState<FreeSlot | null>(null);
  const free = useFreeSlots(trainer.id, minutes);
  const book = useBookAppointment();
  const days = new Map<string, FreeSlot[]>();
  for (const s of free.data?.slots ?? []) days.set(s.localDate, [...(days.get(s.localDate) ?? []), s]);
  const confirm = () => {
    if (!chosen || book.isPending) return;
    book.mutate(
      { trainerId: trainer.id, startsAt: chosen.startsAt, durationMinutes: minutes },
      {
        onSuccess: () => {
          toast.success(t('scheduling:pt.booked', { date: dayLabel(chosen.localDate, i18n.language), time: chosen.localTime }));
          setChosen(null);
        },
      },
    );
  };
  return (
    <section className="card sched-card" aria-labelledby="pt-book">
      <h2 className="card__title" id="pt-book">
        {t('scheduling:pt.bookTitle', { name: trainer.name })}
      </h2>
      <div className="sched-pt-length" role="group" aria-labelledby={lengthId}>
        <span id={lengthId} className="sched-muted">
          {t('scheduling:pt.length')}
        </span>
        {APPOINTMENT_DURATIONS.map((d) => (
          <button
            key={d}
            type="button"
            className={`btn btn--sm ${d === minutes ? 'btn--primary' : 'btn--secondary'}`}
            aria-pressed={d === minutes}
            onClick={() => {
              setMinutes(d);
              setChosen(null);
            }}
          >
            {t('scheduling:pt.minutes', { count: d })}
          </button>
        ))}
      </div>
      <QueryView query={free} loading={t('scheduling:pt.slotsLoading')} errorTitle={t('scheduling:pt.slotsError')}>
        {(data) =>
          data.slots.length === 0 ? (
            <EmptyState icon={<CalendarCheckIcon size={28} />} title={t('scheduling:pt.noSlots')} hint={t('scheduling:pt.noSlotsHint')} />
          ) : (
            <>
              <p className="sched-zone">{t('scheduling:common.timeZone', { zone: data.timeZone })}</p>
              <div className="sched-pt-days" data-testid="free-slots">
                {[...days.entries()].map(([date, slots]) => (
                  <div key={date} className="sched-pt-day" role="group" aria-label={dayLabel(date, i18n.language, { long: true })}>
                    <h3 className="sched-pt-day__title">{dayLabel(date, i18n.language, { long: true })}</h3>
                    <div className="sched-pt-slots">
                      {slots.map((s) => (
                        <button
                          key={s.startsAt}
                          type="button"
                          className={`btn btn--sm ${chosen?.startsAt === s.startsAt ? 'btn--primary' : 'btn--secondary'}`}
                          aria-pressed={chosen?.startsAt === s.startsAt}
                          onClick={() => setChosen(s)}
                          data-testid="free-slot"
                        >
                          {s.localTime}
                        </button>
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            </>
          )
        }
      </QueryView>
      {book.isError ? (
        <Alert tone="error" testId="pt-book-error">
          {describe(book.error, { fallback: t('scheduling:pt.bookFailed') })}
        </Alert>
      ) : null}
      {chosen ? (
        <div className="sched-pt-confirm" data-testid="pt-confirm">
          <p>
            {t('scheduling:pt.confirmText', {
              minutes,
              name: trainer.name,
              date: dayLabel(chosen.localDate, i18n.language, { long: true }),
              time: chosen.localTime,
            })}
          </p>
          <div className="sched-pt-confirm__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setChosen(null)}>
              {t('scheduling:pt.change')}
            </button>
            <button type="button" className="btn btn--primary" onClick={confirm} disabled={book.isPending} data-testid="pt-confirm-book">
              {book.isPending ? t('scheduling:pt.booking') : t('scheduling:pt.confirm')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/**
 * /dashboard/me/sessions: personal training for a member — their upcoming sessions (cancel), their session-pack credits
 * (buying a pack online), and booking one in their trainer's free slots over the next 14 days (a length of 30, 45, 60
 * or 90 minutes, then confirm).
 */
export function PersonalTrainingPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:pt.title'));
  const trainers = useBookableTrainers();
  const pickerId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <div className="page sched-page">
      <PageHeader title={t('scheduling:pt.title')} subtitle={t('scheduling:pt.subtitle')} />
      <UpcomingSessions />
      <PackBalanceCard memberId={null} payable />
      <BuyPack />
      <QueryView query={trainers} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
        {(list) => {
          // Their own trainer comes first; others only when the location lets members book any trainer.
          const trainer = list.find((x) => x.id === picked) ?? list[0];
          if (!trainer)
            return (
              <div className="card">
                <EmptyState icon={<DumbbellIcon size={28} />} title={t('scheduling:pt.noTrainer')} hint={t('scheduling:pt.noTrainerHint')} />
              </div>
            );
          return (
            <>
              {list.length > 1 ? (
                <div className="sched-location" data-testid="pt-trainer-picker">
                  <label htmlFor={pickerId} className="field__label">
                    {t('scheduling:pt.trainer')}
                  </label>
                  <select id={pickerId} className="input select" value={trainer.id} onChange={(e) => setPicked(e.target.value)}>
                    {list.map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.assigned ? t('scheduling:pt.yourTrainer', { name: x.name }) : x.name}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <BookSession key={trainer.id} trainer={trainer} />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
