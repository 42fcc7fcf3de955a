import type { z } from 'zod';
import type { WeeklySlot } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { CloseIcon } from '../../../components/icons/close';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useUpdateSchedule } from '../api/trainer-mutations';
import { WEEK_DAYS } from '../lib/trainer-labels';

type Slot = z.infer<typeof WeeklySlot>;
type Draft = Slot & { key: number };

const sortSlots = (slots: Slot[]) => [...slots].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));

/**
 * The trainer's recurring week, Sunday to Saturday, in the location's timezone: slots added, changed and removed
 * here, then saved together (PUT /trainers/:id/schedule). Read-only for those who may not change it.
 */
export function WeeklySlotsEditor({ trainerId, slots, timezone, editable }: { trainerId: string; slots: Slot[]; timezone: string; editable: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const save = useUpdateSchedule();
  const [seq, setSeq] = useState(slots.length);
  const initial = () => sortSlots(slots).map((s, i) => ({ ...s, key: i }));
  const [draft, setDraft] = useState<Draft[]>(initial);
  const [savedFrom, setSavedFrom] = useState(slots);
  if (savedFrom !== slots) {
    // The server's schedule changed (saved here, or refetched): show it.
    setSavedFrom(slots);
    setDraft(initial());
  }
  const [showErrors, setShowErrors] = useState(false);
  const invalid = (s: Slot) => !(s.startTime && s.endTime && s.endTime > s.startTime);
  const dirty = JSON.stringify(draft.map(({ key: _k, ...s }) => s)) !== JSON.stringify(sortSlots(slots));

  const dayName = (d: number) => t(`trainers:schedule.days.${d as 0}`);
  const update = (key: number, patch: Partial<Slot>) => setDraft((list) => list.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const add = (dayOfWeek: number) => {
    setDraft((list) => [...list, { key: seq, dayOfWeek, startTime: '06:00', endTime: '09:00' }]);
    setSeq((n) => n + 1);
  };
  const remove = (key: number) => setDraft((list) => list.filter((s) => s.key !== key));
  const onSave = () => {
    if (draft.some(invalid)) {
      setShowErrors(true);
      return;
    }
    setShowErrors(false);
    save.mutate(
      { id: trainerId, body: { weeklySlots: sortSlots(draft.map(({ key: _k, ...s }) => s)) } },
      { onSuccess: () => toast.success(t('trainers:schedule.saved')) },
    );
  };

  return (
    <section className="card" aria-labelledby="trainer-week-heading" data-testid="weekly-slots">
      <h2 id="trainer-week-heading" className="card__title">
        {t('trainers:schedule.weekly')}
      </h2>
      <p className="trainer-cell-sub">{t('trainers:schedule.weeklyHint', { timezone })}</p>
      {save.isError ? <Alert tone="error">{describe(save.error, { fallback: t('trainers:schedule.saveFailed') })}</Alert> : null}
      <ul className="trainer-week">
        {WEEK_DAYS.map((d) => {
          const daySlots = draft.filter((s) => s.dayOfWeek === d);
          return (
            <li key={d} className="trainer-week__day" data-testid={`day-${d}`}>
              <span className="trainer-week__name">{dayName(d)}</span>
              <div className="trainer-week__slots">
                {daySlots.length === 0 ? <span className="text-muted">{t('trainers:schedule.noSlots')}</span> : null}
                {daySlots.map((s) =>
                  editable ? (
                    <div key={s.key} className={`trainer-slot${showErrors && invalid(s) ? ' trainer-slot--invalid' : ''}`} role="group" aria-label={dayName(d)}>
                      <label className="visually-hidden" htmlFor={`slot-${s.key}-start`}>
                        {`${dayName(d)} ${t('trainers:schedule.from')}`}
                      </label>
                      <input
                        id={`slot-${s.key}-start`}
                        type="time"
                        className="input trainer-slot__time"
                        value={s.startTime}
                        onChange={(e) => update(s.key, { startTime: e.target.value })}
                        aria-invalid={showErrors && invalid(s) ? true : undefined}
                      />
                      <span aria-hidden="true">–</span>
                      <label className="visually-hidden" htmlFor={`slot-${s.key}-end`}>
                        {`${dayName(d)} ${t('trainers:schedule.to')}`}
                      </label>
                      <input
                        id={`slot-${s.key}-end`}
                        type="time"
                        className="input trainer-slot__time"
                        value={s.endTime}
                        onChange={(e) => update(s.key, { endTime: e.target.value })}
                        aria-invalid={showErrors && invalid(s) ? true : undefined}
                      />
                      <button
                        type="button"
                        className="icon-btn"
                        onClick={() => remove(s.key)}
                        aria-label={t('trainers:schedule.removeSlotLabel', { day: dayName(d), start: s.startTime, end: s.endTime })}
                      >
                        <CloseIcon size={16} />
                      </button>
                      {showErrors && invalid(s) ? (
                        <span className="field__error" role="alert">
                          {t('trainers:schedule.slotInvalid')}
                        </span>
                      ) : null}
                    </div>
                  ) : (
                    <span key={s.key} className="trainer-tag">
                      {s.startTime}–{s.endTime}
                    </span>
                  ),
                )}
                {editable ? (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => add(d)}
                    aria-label={t('trainers:schedule.addSlotLabel', { day: dayName(d) })}
                    data-testid={`add-slot-${d}`}
                  >
                    {t('trainers:schedule.addSlot')}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {editable ? (
        <div className="form__actions">
          <button type="button" className="btn btn--primary" onClick={onSave} disabled={save.isPending || !dirty} data-testid="save-schedule">
            {save.isPending ? t('trainers:schedule.saving') : t('trainers:schedule.save')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
