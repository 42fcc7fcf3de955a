import { OverrideReason, type PaymentOverdue } from '@akhada/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../components/form/form';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { ALL_NS } from '../../../locales/resources';
import { overdueText } from '../lib/overdue';

const ReasonBody = z.object({ reason: OverrideReason });
const EMPTY = { reason: '' };

/**
 * "Let in once": the front desk lets a member in although a payment is overdue, with a reason (3–200 characters,
 * the contract's own rule) that is recorded with the check-in and who allowed it. `onConfirm` answers whether it went
 * through; the dialog closes when it did.
 */
export function LetInOnceDialog({
  overdue,
  onClose,
  onConfirm,
  busy,
}: {
  overdue: PaymentOverdue | null;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<boolean>;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation(ALL_NS);
  const formId = useId();
  const form = useContractForm(ReasonBody, { defaultValues: EMPTY, toBody: (v: typeof EMPTY) => v });
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  return (
    <Modal
      open={overdue !== null}
      onClose={close}
      title={overdue?.memberName ? t('attendance:overdue.dialogTitle', { name: overdue.memberName }) : t('attendance:overdue.dialogTitleNoName')}
      description={t('attendance:overdue.dialogDescription')}
      size="sm"
      testId="let-in-once-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={busy} data-testid="let-in-once-confirm">
            {t('attendance:overdue.confirm')}
          </button>
        </>
      }
    >
      {overdue ? <p className="att-overdue__message">{overdueText(overdue, t, i18n.language)}</p> : null}
      <Form
        form={form}
        id={formId}
        busy={busy}
        onSubmit={async (body) => {
          if (await onConfirm(body.reason)) close();
        }}
      >
        <TextareaField
          name="reason"
          label={t('attendance:overdue.reason')}
          hint={t('attendance:overdue.reasonHint')}
          required
          rows={2}
          maxLength={200}
          testId="let-in-once-reason"
          autoFocus
        />
      </Form>
    </Modal>
  );
}
