import { CancelEventBody, type GymEvent } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCancelEvent, type CancelEventInput } from '../api/events-api';

const FORM_ID = 'cancel-event-form';

/** Cancels an event, with the reason ticket holders are told; the confirmation says paid tickets are refunded. */
export function CancelEventModal({ open, onClose, event }: { open: boolean; onClose: () => void; event: GymEvent }) {
  const { t } = useTranslation(ALL_NS);
  const cancel = useCancelEvent();
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('scheduling:events.detail.cancelTitle')}
      description={t('scheduling:events.detail.cancelDescription')}
      testId="cancel-event-modal"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('scheduling:events.detail.keep')}
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary sched-danger" disabled={cancel.isPending} data-testid="cancel-event-submit">
            {cancel.isPending ? t('scheduling:events.detail.cancelling') : t('scheduling:events.detail.confirmCancel')}
          </button>
        </>
      }
    >
      {open ? <CancelEventForm event={event} cancel={cancel} onDone={close} /> : null}
    </Modal>
  );
}

function CancelEventForm({ event, cancel, onDone }: { event: GymEvent; cancel: ReturnType<typeof useCancelEvent>; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<{ reason: string }, typeof CancelEventBody>(CancelEventBody, {
    defaultValues: { reason: '' },
    toBody: (v): CancelEventInput => ({ reason: v.reason }),
  });
  const onSubmit = (body: CancelEventInput) =>
    cancel.mutate(
      { id: event.id, body },
      {
        onSuccess: () => {
          toast.success(t('scheduling:events.detail.cancelled'));
          onDone();
        },
        onError: (e) => {
          applyServerErrors(form, e);
          setAttempts((n) => n + 1);
        },
      },
    );
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={cancel.isPending}>
      {cancel.isError ? (
        <Alert tone="error" shake={attempts}>
          {describe(cancel.error, { fallback: t('scheduling:events.detail.actionFailed') })}
        </Alert>
      ) : null}
      <TextareaField name="reason" label={t('scheduling:events.detail.reason')} rows={3} maxLength={200} required data-autofocus testId="cancel-event-reason" />
    </Form>
  );
}
