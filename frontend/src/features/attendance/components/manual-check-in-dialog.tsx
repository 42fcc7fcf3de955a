import { CheckInBody } from '@akhada/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { ALL_NS } from '../../../locales/resources';
import { CheckInMemberField, type MemberValues } from './member-field';

const EMPTY: MemberValues = { memberId: '', memberText: '' };

/**
 * Manual Check-in: a dialog to find the member (name, phone or member ID) and check them in with the defaults
 * (workout "other", method manual). `onCheckIn` answers whether it went through; the dialog closes when it did.
 */
export function ManualCheckInDialog({
  open,
  onClose,
  onCheckIn,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  onCheckIn: (body: CheckInBody) => Promise<boolean>;
  busy: boolean;
}) {
  const { t } = useTranslation(ALL_NS);
  const formId = useId();
  const form = useContractForm(CheckInBody, {
    defaultValues: EMPTY,
    toBody: (v: MemberValues) => ({ memberId: v.memberId.trim(), workoutType: 'other' as const, notes: '', checkInMethod: 'manual' as const }),
  });
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('attendance:scan.manual')}
      description={t('attendance:scan.manualDescription')}
      size="sm"
      testId="manual-check-in-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={busy} data-testid="manual-check-in-submit">
            {t('attendance:scan.quick.checkIn')}
          </button>
        </>
      }
    >
      <Form
        form={form}
        id={formId}
        busy={busy}
        onSubmit={async (body) => {
          if (await onCheckIn(body)) close();
        }}
      >
        <CheckInMemberField testId="manual-member" autoFocus />
      </Form>
    </Modal>
  );
}
