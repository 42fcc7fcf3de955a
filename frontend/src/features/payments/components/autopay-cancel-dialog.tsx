import type { Autopay } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCancelAutopay } from '../api/autopay-api';

/**
 * Staff cancel one member's autopay (issue 28): at the end of the paid period (the default: the member keeps what
 * they paid for, nothing more is charged) or now. The status follows Razorpay's webhook.
 */
export function AutopayCancelDialog({ autopay, onClose }: { autopay: Autopay; onClose: () => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const cancel = useCancelAutopay();
  const [when, setWhen] = useState<'cycle_end' | 'now'>('cycle_end');
  const endText = autopay.paidThrough
    ? t('payments:autopay.staff.cancelAtEnd', { date: formatDate(autopay.paidThrough, i18n.language) })
    : t('payments:autopay.staff.cancelAtEndNoDate');

  const confirm = () =>
    cancel.mutate(
      { id: autopay._id, body: { atCycleEnd: when === 'cycle_end' } },
      {
        onSuccess: () => {
          toast.success(t('payments:autopay.staff.cancelDone', { name: autopay.memberName }));
          onClose();
        },
        onError: (e) => toast.error(describe(e, { fallback: t('payments:autopay.cancelFailed') })),
      },
    );

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      testId="autopay-cancel-dialog"
      title={t('payments:autopay.staff.cancelTitle', { name: autopay.memberName })}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={cancel.isPending}>
            {t('payments:autopay.staff.keep')}
          </button>
          <button type="button" className="btn btn--danger" onClick={confirm} disabled={cancel.isPending} data-testid="autopay-cancel-confirm">
            {cancel.isPending ? t('payments:autopay.staff.cancelling') : t('payments:autopay.cancel')}
          </button>
        </>
      }
    >
      <fieldset className="autopay-cancel__when">
        <legend>{t('payments:autopay.staff.cancelWhen')}</legend>
        <label>
          <input type="radio" name="autopay-cancel-when" checked={when === 'cycle_end'} onChange={() => setWhen('cycle_end')} data-autofocus /> {endText}
        </label>
        <label>
          <input type="radio" name="autopay-cancel-when" checked={when === 'now'} onChange={() => setWhen('now')} /> {t('payments:autopay.staff.cancelNow')}
        </label>
      </fieldset>
    </Modal>
  );
}
