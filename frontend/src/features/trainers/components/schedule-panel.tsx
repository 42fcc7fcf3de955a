import { APPOINTMENT_DURATIONS, BookAppointmentBody, type Trainer } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { REQUIRED } from '../../../components/form/field-message';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useContractForm } from '../../../components/form/use-contract-form';
import { CalendarCheckIcon } from '../../../components/icons/calendar-check';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { dateLocale } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useTrainerClients } from '../api/get-trainer-clients';
import { useTrainerSchedule } from '../api/get-trainer-schedule';
import { useBookAppointment, useCancelAppointment, useTrainerFreeSlots, type BookAppointmentInput } from '../api/trainer-appointments';
import { formatInZone } from '../lib/zoned-time';
import { WeeklySlotsEditor } from './weekly-slots-editor';

/**
 * Schedule: the weekly slots, the booked sessions (cancel), and booking a session with one of the trainer's clients in
 * one of their free slots. Sessions are the scheduling service's appointments: booked and cancelled there.
 */
export function SchedulePanel({ trainer, editable }: { trainer: Trainer; editable: boolean }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const query = useTrainerSchedule(trainer._id);
  const cancel = useCancelAppointment();
  const [busyId, setBusyId] = useState<string | null>(null);

  if (query.isPending) return <LoadingState title={t('trainers:schedule.loading')} />;
  if (query.isError)
    return (
      <div className="card">
        <ErrorState error={query.error} title={t('trainers:schedule.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  const { timezone, weeklySlots, sessions } = query.data;
  const locale = dateLocale(i18n.language);

  const onCancel = (sessionId: string) => {
    setBusyId(sessionId);
    cancel.mutate(sessionId, {
      onSuccess: () => toast.success(t('trainers:schedule.cancelled')),
      onError: (e) => toast.error(describe(e, { fallback: t('trainers:schedule.cancelFailed') })),
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <div className="trainer-stack">
      <WeeklySlotsEditor trainerId={trainer._id} slots={weeklySlots} timezone={timezone} editable={editable} />
      <section className="card" aria-labelledby="trainer-sessions-heading">
        <h2 id="trainer-sessions-heading" className="card__title">
          {t('trainers:schedule.sessions')}
        </h2>
        {sessions.length === 0 ? (
          <EmptyState
            icon={<CalendarCheckIcon size={28} />}
            title={t('trainers:schedule.noSessions')}
            hint={editable ? t('trainers:schedule.noSessionsHint') : undefined}
          />
        ) : (
          <ul className="trainer-sessions" data-testid="sessions-list">
            {sessions.map((s) => (
              <li key={s._id} className="trainer-session" data-testid="session">
                <div className="trainer-cell-stack">
                  <span className="trainer-cell-strong">{s.member.fullName}</span>
                  <span className="trainer-cell-sub">
                    {formatInZone(s.startsAt, timezone, locale)} · {t('trainers:schedule.minutes', { count: s.durationMinutes })}
                  </span>
                  {s.notes ? <span className="trainer-cell-sub">{s.notes}</span> : null}
                </div>
                {editable ? (
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => onCancel(s._id)}
                    disabled={busyId !== null}
                    aria-label={t('trainers:schedule.cancelLabel', { name: s.member.fullName })}
                    data-testid="session-cancel"
                  >
                    {t('trainers:schedule.cancel')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {editable ? <BookSessionForm trainerId={trainer._id} timezone={timezone} /> : null}
    </div>
  );
}

interface BookForm {
  memberId: string;
  durationMinutes: string;
  startsAt: string;
}

function BookSessionForm({ trainerId, timezone }: { trainerId: string; timezone: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const clients = useTrainerClients(trainerId, 1, 100);
  const book = useBookAppointment();
  const [attempts, setAttempts] = useState(0);
  const empty: BookForm = { memberId: '', durationMinutes: '60', startsAt: '' };
  const form = useContractForm<BookForm, typeof BookAppointmentBody>(BookAppointmentBody, {
    defaultValues: empty,
    toBody: (v): BookAppointmentInput => ({ trainerId, memberId: v.memberId, startsAt: v.startsAt, durationMinutes: Number(v.durationMinutes) }),
    check: (v) => ({ ...(v.memberId ? {} : { memberId: REQUIRED }), ...(v.startsAt ? {} : { startsAt: REQUIRED }) }),
  });
  const duration = Number(form.watch('durationMinutes')) || 60;
  // Free times are looked up once there is a client to book them for.
  const free = useTrainerFreeSlots(trainerId, duration, (clients.data?.data.length ?? 0) > 0);
  const onSubmit = (body: BookAppointmentInput) => {
    if (book.isPending) return;
    const name = clients.data?.data.find((c) => c._id === body.memberId)?.fullName ?? '';
    book.mutate(body, {
      onSuccess: () => {
        toast.success(t('trainers:schedule.booked', { name }));
        form.reset(empty);
      },
      onError: (e) => {
        applyServerErrors(form, e);
        setAttempts((n) => n + 1);
      },
    });
  };
  const options = clients.data?.data ?? [];
  const locale = dateLocale(i18n.language);
  const slots = free.data?.slots ?? [];

  return (
    <section className="card" aria-labelledby="trainer-book-heading">
      <h2 id="trainer-book-heading" className="card__title">
        {t('trainers:schedule.book')}
      </h2>
      {clients.isSuccess && options.length === 0 ? (
        <p className="text-muted">{t('trainers:schedule.noClients')}</p>
      ) : clients.isError ? (
        <ErrorState error={clients.error} onRetry={() => void clients.refetch()} retrying={clients.isFetching} />
      ) : (
        <Form form={form} onSubmit={onSubmit} busy={book.isPending} testId="book-session-form">
          {book.isError ? (
            <Alert tone="error" shake={attempts}>
              {describe(book.error, { fallback: t('trainers:schedule.bookFailed') })}
            </Alert>
          ) : null}
          {free.isError ? <Alert tone="error">{describe(free.error, { fallback: t('trainers:schedule.slotsFailed') })}</Alert> : null}
          <div className="form__grid">
            <SelectField
              name="memberId"
              label={t('trainers:schedule.member')}
              required
              options={[{ value: '', label: t('trainers:schedule.chooseMember') }, ...options.map((c) => ({ value: c._id, label: c.fullName }))]}
              testId="book-member"
            />
            <SelectField
              name="durationMinutes"
              label={t('trainers:schedule.duration')}
              options={APPOINTMENT_DURATIONS.map((d) => ({ value: String(d), label: t('trainers:schedule.minutes', { count: d }) }))}
              testId="book-duration"
            />
            <SelectField
              name="startsAt"
              label={t('trainers:schedule.slot')}
              required
              hint={free.isSuccess && slots.length === 0 ? t('trainers:schedule.noFreeSlots') : t('trainers:schedule.slotHint', { timezone })}
              options={[
                { value: '', label: free.isLoading ? t('trainers:schedule.slotsLoading') : t('trainers:schedule.chooseSlot') },
                ...slots.map((sl) => ({ value: sl.startsAt, label: formatInZone(sl.startsAt, timezone, locale) })),
              ]}
              fieldClassName="trainer-wide"
              testId="book-slot"
            />
          </div>
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={book.isPending || clients.isPending} data-testid="book-submit">
              {book.isPending ? t('trainers:schedule.booking') : t('trainers:schedule.bookSubmit')}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
