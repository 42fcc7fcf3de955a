import { CancelEventBody, type GymEvent } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { FormError, useFormFailure } from '../../../components/form/form-error';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { ALL_NS } from '../../../locales/resources';
import { useCancelEvent, type CancelEventInput } from '../api/events-api';

const FORM_ID = 'cancel-event-form';

/** Cancels an event, with the reason ticket holders are told; the confirmation says paid tickets are refunded. */
export function CancelEventModal({ open, onClose, event }: { open: boolean; onClose: () => void; event: GymEvent }) {
  const { t } = useTranslation(ALL_NS);
  const cancel = useCancelEvent();
  const close = closeResetting(onClose, cancel);
  return (
    <FormModal
      open={open}
      onClose={close}
      title={t('scheduling:events.detail.cancelTitle')}
      description={t('scheduling:events.detail.cancelDescription')}
      testId="cancel-event-modal"
      formId={FORM_ID}
      busy={cancel.isPending}
      cancelLabel={t('scheduling:events.detail.keep')}
      submitLabel={t('scheduling:events.detail.confirmCancel')}
      busyLabel={t('scheduling:events.detail.cancelling')}
      submitClassName="sched-danger"
      submitTestId="cancel-event-submit"
    >
      <CancelEventForm event={event} cancel={cancel} onDone={close} />
    </FormModal>
  );
}

function CancelEventForm({ event, cancel, onDone }: { event: GymEvent; cancel: ReturnType<typeof useCancelEvent>; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const form = useContractForm<{ reason: string }, typeof CancelEventBody>(CancelEventBody, {
    defaultValues: { reason: '' },
    toBody: (v): CancelEventInput => ({ reason: v.reason }),
  });
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: CancelEventInput) =>
    cancel.mutate(
      { id: event.id, body },
      {
        onSuccess: () => {
          toast.success(t('scheduling:events.detail.cancelled'));
          onDone();
        },
        onError: failed,
      },
    );
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={cancel.isPending}>
      <FormError error={cancel.error} attempts={attempts} fallback={t('scheduling:events.detail.actionFailed')} />
      <TextareaField name="reason" label={t('scheduling:events.detail.reason')} rows={3} maxLength={200} required data-autofocus testId="cancel-event-reason" />
    </Form>
  );
}
