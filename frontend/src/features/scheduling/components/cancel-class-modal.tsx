import { CancelClassBody, type ClassDetail } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { FormError, useFormFailure } from '../../../components/form/form-error';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { ALL_NS } from '../../../locales/resources';
import { useCancelClass, type CancelClassInput } from '../api/scheduling-api';

const FORM_ID = 'cancel-class-form';
interface CancelForm {
  scope: 'one' | 'following';
  reason: string;
}

/** Cancels one class or (a series' class) it and the rest of its series, with the reason everyone booked is told. */
export function CancelClassModal({ open, onClose, detail }: { open: boolean; onClose: () => void; detail: ClassDetail }) {
  const { t } = useTranslation(ALL_NS);
  const cancel = useCancelClass();
  const close = closeResetting(onClose, cancel);
  return (
    <FormModal
      open={open}
      onClose={close}
      title={t('scheduling:detail.cancelTitle')}
      description={t('scheduling:detail.cancelDescription')}
      testId="cancel-class-modal"
      formId={FORM_ID}
      busy={cancel.isPending}
      cancelLabel={t('scheduling:detail.keep')}
      submitLabel={t('scheduling:detail.confirmCancel')}
      busyLabel={t('scheduling:detail.cancelling')}
      submitClassName="sched-danger"
      submitTestId="cancel-class-submit"
    >
      <CancelClassForm detail={detail} cancel={cancel} onDone={close} />
    </FormModal>
  );
}

function CancelClassForm({ detail, cancel, onDone }: { detail: ClassDetail; cancel: ReturnType<typeof useCancelClass>; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const form = useContractForm<CancelForm, typeof CancelClassBody>(CancelClassBody, {
    defaultValues: { scope: 'one', reason: '' },
    toBody: (v): CancelClassInput => ({ scope: v.scope, reason: v.reason }),
  });
  const scope = form.watch('scope');
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: CancelClassInput) =>
    cancel.mutate(
      { id: detail.id, body },
      {
        onSuccess: (r) => {
          toast.success(t('scheduling:detail.cancelDone', { count: r.classes.length }));
          onDone();
        },
        onError: failed,
      },
    );
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={cancel.isPending}>
      <FormError error={cancel.error} attempts={attempts} fallback={t('scheduling:detail.actionFailed')} />
      {detail.seriesId ? (
        <fieldset className="choice-group">
          <legend className="field__label">{t('scheduling:detail.scope')}</legend>
          <div className="choice-group__options sched-stack">
            {(['one', 'following'] as const).map((s) => (
              <label key={s} className={`choice${scope === s ? ' choice--checked' : ''}`}>
                <input type="radio" className="choice__input" value={s} {...form.register('scope')} data-testid={`cancel-scope-${s}`} />
                {s === 'one' ? t('scheduling:detail.scopeOne') : t('scheduling:detail.scopeFollowing')}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextareaField name="reason" label={t('scheduling:detail.reason')} rows={3} maxLength={200} required data-autofocus testId="cancel-class-reason" />
    </Form>
  );
}
