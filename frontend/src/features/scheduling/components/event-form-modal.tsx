import { EventBody, EventPatch, type EventKind, type GymEvent } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { FormError, useFormFailure } from '../../../components/form/form-error';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { ReadOnlyField } from '../../../components/form/read-only-field';
import { SelectField } from '../../../components/form/select-field';
import { DateField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { ALL_NS } from '../../../locales/resources';
import { useCreateEvent, useEditEvent, type EventInput, type EventPatchInput } from '../api/events-api';
import { priceText } from '../lib/event-text';
import { paiseFrom, wholeFrom } from '../lib/form-text';

const FORM_ID = 'event-form';
const KINDS: readonly EventKind[] = ['workshop', 'challenge', 'run', 'open_day', 'other'];

interface EventForm {
  title: string;
  description: string;
  kind: EventKind;
  onlineUrl: string;
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
  capacity: string;
  price: string;
}

const urlOf = (s: string) => (s.trim() === '' ? null : s.trim());

/** Publishes an event at a location (or, with a link, online), or changes one; the price is set once. */
export function EventFormModal({
  open,
  onClose,
  locationId,
  defaultDate,
  event,
}: {
  open: boolean;
  onClose: () => void;
  locationId: string;
  defaultDate: string;
  /** Given: change this event; else publish a new one. */
  event?: GymEvent;
}) {
  const { t } = useTranslation(ALL_NS);
  const create = useCreateEvent();
  const edit = useEditEvent();
  const busy = create.isPending || edit.isPending;
  const close = closeResetting(onClose, create, edit);
  return (
    <FormModal
      open={open}
      onClose={close}
      title={event ? t('scheduling:events.form.editTitle') : t('scheduling:events.form.createTitle')}
      description={t('scheduling:events.form.description')}
      size="lg"
      testId="event-form-modal"
      formId={FORM_ID}
      busy={busy}
      cancelLabel={t('scheduling:events.form.cancel')}
      submitLabel={event ? t('scheduling:events.form.save') : t('scheduling:events.form.submit')}
      busyLabel={t('scheduling:events.form.submitting')}
      submitTestId="event-form-submit"
    >
      {event ? (
        <EditBody event={event} mutation={edit} onDone={close} />
      ) : (
        <CreateBody locationId={locationId} defaultDate={defaultDate} mutation={create} onDone={close} />
      )}
    </FormModal>
  );
}

function Fields({ priceLocked }: { priceLocked?: string }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className="form__grid">
      <TextField name="title" label={t('scheduling:events.form.title')} maxLength={120} required data-autofocus testId="event-form-title" />
      <SelectField
        name="kind"
        label={t('scheduling:events.form.kind')}
        required
        options={KINDS.map((k) => ({ value: k, label: t(`scheduling:events.kind.${k}`) }))}
        testId="event-form-kind"
      />
      <DateField name="date" label={t('scheduling:events.form.date')} required testId="event-form-date" />
      <TextField name="startTime" type="time" label={t('scheduling:events.form.startTime')} required testId="event-form-start" />
      <DateField
        name="endDate"
        label={t('scheduling:events.form.endDate')}
        hint={t('scheduling:events.form.endDateHint')}
        optional
        testId="event-form-end-date"
      />
      <TextField name="endTime" type="time" label={t('scheduling:events.form.endTime')} required testId="event-form-end" />
      <TextField name="capacity" inputMode="numeric" autoComplete="off" label={t('scheduling:events.form.capacity')} required testId="event-form-capacity" />
      {priceLocked ? (
        <ReadOnlyField label={t('scheduling:events.form.price')} hint={t('scheduling:events.form.priceLocked')} value={priceLocked} />
      ) : (
        <TextField
          name="price"
          inputMode="decimal"
          autoComplete="off"
          label={t('scheduling:events.form.price')}
          hint={t('scheduling:events.form.priceHint')}
          optional
          testId="event-form-price"
        />
      )}
      <TextField
        name="onlineUrl"
        type="url"
        label={t('scheduling:events.form.onlineUrl')}
        hint={t('scheduling:events.form.onlineUrlHint')}
        maxLength={500}
        optional
        fieldClassName="sched-wide"
        testId="event-form-url"
      />
      <TextareaField
        name="description"
        label={t('scheduling:events.form.about')}
        rows={3}
        maxLength={4000}
        optional
        fieldClassName="sched-wide"
        testId="event-form-about"
      />
    </div>
  );
}

function CreateBody({
  locationId,
  defaultDate,
  mutation,
  onDone,
}: {
  locationId: string;
  defaultDate: string;
  mutation: ReturnType<typeof useCreateEvent>;
  onDone: () => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const form = useContractForm<EventForm, typeof EventBody>(EventBody, {
    defaultValues: {
      title: '',
      description: '',
      kind: 'workshop',
      onlineUrl: '',
      date: defaultDate,
      startTime: '',
      endDate: '',
      endTime: '',
      capacity: '',
      price: '',
    },
    toBody: (v): EventInput => ({
      locationId,
      title: v.title,
      description: v.description,
      kind: v.kind,
      onlineUrl: urlOf(v.onlineUrl),
      date: v.date,
      startTime: v.startTime,
      endDate: v.endDate.trim() === '' ? undefined : v.endDate,
      endTime: v.endTime,
      capacity: wholeFrom(v.capacity) as number,
      pricePaise: paiseFrom(v.price) ?? 0,
    }),
  });
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: EventInput) =>
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(t('scheduling:events.form.created'));
        onDone();
      },
      onError: failed,
    });
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={mutation.isPending}>
      <FormError error={mutation.error} attempts={attempts} fallback={t('scheduling:events.form.failed')} testId="event-form-error" />
      <Fields />
    </Form>
  );
}

function EditBody({ event, mutation, onDone }: { event: GymEvent; mutation: ReturnType<typeof useEditEvent>; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const form = useContractForm<EventForm, typeof EventPatch>(EventPatch, {
    defaultValues: {
      title: event.title,
      description: event.description,
      kind: event.kind,
      onlineUrl: event.onlineUrl ?? '',
      date: event.localDate,
      startTime: event.localTime,
      endDate: event.localEndDate === event.localDate ? '' : event.localEndDate,
      endTime: event.localEndTime,
      capacity: String(event.capacity),
      price: '',
    },
    toBody: (v): EventPatchInput => ({
      title: v.title,
      description: v.description,
      kind: v.kind,
      onlineUrl: urlOf(v.onlineUrl),
      date: v.date,
      startTime: v.startTime,
      endDate: v.endDate.trim() === '' ? v.date : v.endDate,
      endTime: v.endTime,
      capacity: wholeFrom(v.capacity) as number,
    }),
  });
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: EventPatchInput) =>
    mutation.mutate(
      { id: event.id, body },
      {
        onSuccess: () => {
          toast.success(t('scheduling:events.form.saved'));
          onDone();
        },
        onError: failed,
      },
    );
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={mutation.isPending}>
      <FormError error={mutation.error} attempts={attempts} fallback={t('scheduling:events.form.failed')} testId="event-form-error" />
      <Fields priceLocked={event.pricePaise === 0 ? t('scheduling:events.free') : priceText(event.pricePaise)} />
    </Form>
  );
}
