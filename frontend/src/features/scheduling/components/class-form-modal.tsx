import { OneOffBody, SeriesBody, type ClassType } from '@akhada/contracts';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { FormError, useFormFailure } from '../../../components/form/form-error';
import { FormField } from '../../../components/form/form-field';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { SelectField } from '../../../components/form/select-field';
import { DateField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { ALL_NS } from '../../../locales/resources';
import { useCreateClass, useCreateSeries, type OneOffInput, type SeriesInput } from '../api/scheduling-api';
import { wholeFrom } from '../lib/form-text';

const FORM_ID = 'class-form';
type Kind = 'oneOff' | 'series';

interface Common {
  classTypeId: string;
  startTime: string;
  capacity: string;
  trainerId: string;
  room: string;
}
interface OneOffForm extends Common {
  date: string;
  durationMinutes: string;
}
interface SeriesForm extends Common {
  weekdays: string[];
  from: string;
  until: string;
}

/** What both forms (one-off, series) take besides their mutation. */
interface BodyProps {
  locationId: string;
  classTypes: ClassType[];
  trainers: { id: string; name: string }[];
  defaultDate: string;
  onDone: () => void;
}

const optionalWhole = (s: string) => (s.trim() === '' ? undefined : wholeFrom(s));
/** '' = the class type's trainer (left out of the body). */
const trainerOf = (id: string) => (id === '' ? undefined : id);

/** Adds classes to a location's timetable: a recurring series or a one-off class, through a form (no dragging). */
export function ClassFormModal({
  open,
  onClose,
  locationId,
  classTypes,
  trainers,
  defaultDate,
}: {
  open: boolean;
  onClose: () => void;
  locationId: string;
  classTypes: ClassType[];
  trainers: { id: string; name: string }[];
  defaultDate: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const [kind, setKind] = useState<Kind>('oneOff');
  const series = useCreateSeries();
  const oneOff = useCreateClass();
  const busy = series.isPending || oneOff.isPending;
  const close = closeResetting(onClose, series, oneOff);
  const body: BodyProps = { locationId, classTypes, trainers, defaultDate, onDone: close };
  return (
    <FormModal
      open={open}
      onClose={close}
      title={t('scheduling:classForm.title')}
      description={t('scheduling:classForm.description')}
      size="lg"
      testId="class-form-modal"
      formId={FORM_ID}
      busy={busy}
      submitDisabled={classTypes.length === 0}
      cancelLabel={t('scheduling:classForm.cancel')}
      submitLabel={t('scheduling:classForm.submit')}
      busyLabel={t('scheduling:classForm.submitting')}
      submitTestId="class-form-submit"
    >
      <>
        <fieldset className="choice-group sched-kind">
          <legend className="field__label">{t('scheduling:classForm.kind')}</legend>
          <div className="choice-group__options">
            {(['oneOff', 'series'] as const).map((k) => (
              <label key={k} className={`choice${kind === k ? ' choice--checked' : ''}`}>
                <input
                  type="radio"
                  className="choice__input"
                  name="class-kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  data-testid={`class-kind-${k}`}
                />
                {t(`scheduling:classForm.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {classTypes.length === 0 ? <Alert tone="info">{t('scheduling:classForm.noClassTypes')}</Alert> : null}
        {kind === 'oneOff' ? <OneOffFormBody key="oneOff" mutation={oneOff} {...body} /> : <SeriesFormBody key="series" mutation={series} {...body} />}
      </>
    </FormModal>
  );
}

function CommonFields({ classTypes, trainers }: { classTypes: ClassType[]; trainers: { id: string; name: string }[] }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <>
      <SelectField
        name="classTypeId"
        label={t('scheduling:classForm.classType')}
        required
        data-autofocus
        options={[{ value: '', label: t('scheduling:classForm.chooseClassType') }, ...classTypes.map((c) => ({ value: c.id, label: c.name }))]}
        testId="class-form-type"
      />
      <TextField
        name="startTime"
        type="time"
        label={t('scheduling:classForm.startTime')}
        hint={t('scheduling:classForm.startTimeHint')}
        required
        testId="class-form-time"
      />
      <TextField
        name="capacity"
        inputMode="numeric"
        autoComplete="off"
        label={t('scheduling:classForm.capacity')}
        hint={t('scheduling:classForm.capacityHint')}
        optional
        testId="class-form-capacity"
      />
      <SelectField
        name="trainerId"
        label={t('scheduling:classForm.trainer')}
        options={[{ value: '', label: t('scheduling:classForm.typeTrainer') }, ...trainers.map((tr) => ({ value: tr.id, label: tr.name }))]}
        testId="class-form-trainer"
      />
      <TextField name="room" label={t('scheduling:classForm.room')} maxLength={60} optional testId="class-form-room" />
    </>
  );
}

function OneOffFormBody({ mutation, locationId, classTypes, trainers, defaultDate, onDone }: BodyProps & { mutation: ReturnType<typeof useCreateClass> }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const form = useContractForm<OneOffForm, typeof OneOffBody>(OneOffBody, {
    defaultValues: { classTypeId: '', date: defaultDate, startTime: '', durationMinutes: '', capacity: '', trainerId: '', room: '' },
    toBody: (v): OneOffInput => ({
      locationId,
      classTypeId: v.classTypeId,
      date: v.date,
      startTime: v.startTime,
      durationMinutes: optionalWhole(v.durationMinutes),
      capacity: optionalWhole(v.capacity),
      trainerId: trainerOf(v.trainerId),
      room: v.room,
    }),
  });
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: OneOffInput) =>
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(t('scheduling:classForm.oneOffAdded'));
        onDone();
      },
      onError: failed,
    });
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={mutation.isPending}>
      <FormError error={mutation.error} attempts={attempts} fallback={t('scheduling:classForm.failed')} testId="class-form-error" />
      <div className="form__grid">
        <DateField name="date" label={t('scheduling:classForm.date')} required testId="class-form-date" />
        <CommonFields classTypes={classTypes} trainers={trainers} />
        <TextField
          name="durationMinutes"
          inputMode="numeric"
          autoComplete="off"
          label={t('scheduling:classForm.duration')}
          hint={t('scheduling:classForm.durationHint')}
          optional
          testId="class-form-duration"
        />
      </div>
    </Form>
  );
}

function WeekdayChoices() {
  const { t } = useTranslation(ALL_NS);
  const { register } = useFormContext<SeriesForm>();
  return (
    <FormField name="weekdays" label={t('scheduling:classForm.weekdays')} required fieldClassName="sched-wide">
      {(p) => (
        <div className="sched-weekdays" role="group" aria-describedby={p['aria-describedby']} aria-invalid={p['aria-invalid']} id={p.id}>
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <label key={d} className="sched-weekday">
              <input type="checkbox" value={String(d)} {...register('weekdays')} data-testid={`class-form-weekday-${d}`} />
              <span>{t(`scheduling:weekday.${d}` as 'scheduling:weekday.1')}</span>
            </label>
          ))}
        </div>
      )}
    </FormField>
  );
}

function SeriesFormBody({ mutation, locationId, classTypes, trainers, defaultDate, onDone }: BodyProps & { mutation: ReturnType<typeof useCreateSeries> }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const form = useContractForm<SeriesForm, typeof SeriesBody>(SeriesBody, {
    defaultValues: { classTypeId: '', weekdays: [], startTime: '', from: defaultDate, until: '', capacity: '', trainerId: '', room: '' },
    toBody: (v): SeriesInput => ({
      locationId,
      classTypeId: v.classTypeId,
      weekdays: (Array.isArray(v.weekdays) ? v.weekdays : []).map(Number),
      startTime: v.startTime,
      from: v.from,
      until: v.until,
      capacity: optionalWhole(v.capacity),
      trainerId: trainerOf(v.trainerId),
      room: v.room,
    }),
  });
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: SeriesInput) =>
    mutation.mutate(body, {
      onSuccess: (created) => {
        toast.success(t('scheduling:classForm.seriesAdded', { count: created.classes.length }));
        onDone();
      },
      onError: failed,
    });
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={mutation.isPending}>
      <FormError error={mutation.error} attempts={attempts} fallback={t('scheduling:classForm.failed')} testId="class-form-error" />
      <div className="form__grid">
        <CommonFields classTypes={classTypes} trainers={trainers} />
        <DateField name="from" label={t('scheduling:classForm.from')} required testId="class-form-from" />
        <DateField name="until" label={t('scheduling:classForm.until')} required testId="class-form-until" />
        <WeekdayChoices />
      </div>
    </Form>
  );
}
