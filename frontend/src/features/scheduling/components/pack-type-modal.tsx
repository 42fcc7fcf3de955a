import { PackTypeBody, PackTypePatch, type PackType } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { MoneyField } from '../../../components/form/money-field';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { ALL_NS } from '../../../locales/resources';
import { useCreatePackType, useUpdatePackType } from '../api/packs-api';
import { useAddOrChange } from '../lib/add-or-change';
import { paiseFrom, wholeFrom } from '../lib/form-text';

const FORM_ID = 'pack-type-form';

interface PackTypeForm {
  name: string;
  sessions: string;
  validityDays: string;
  /** Rupees as typed. */
  pricePaise: string;
}

const valuesOf = (p: PackType | null): PackTypeForm => ({
  name: p?.name ?? '',
  sessions: p ? String(p.sessions) : '10',
  validityDays: p ? String(p.validityDays) : '90',
  pricePaise: p ? String(p.pricePaise / 100) : '',
});

const toBody = (v: PackTypeForm) => ({
  name: v.name,
  sessions: wholeFrom(v.sessions),
  validityDays: wholeFrom(v.validityDays),
  // Blank: missing (the contract says a price is needed), not "no price".
  pricePaise: paiseFrom(v.pricePaise) ?? undefined,
});

/** Adds a session pack type, or changes one (`editing`): name, sessions, days valid from the payment, price before GST. */
export function PackTypeModal({ open, onClose, editing }: { open: boolean; onClose: () => void; editing: PackType | null }) {
  const { t } = useTranslation(ALL_NS);
  const create = useCreatePackType();
  const update = useUpdatePackType();
  const busy = create.isPending || update.isPending;
  const close = closeResetting(onClose, create, update);
  return (
    <FormModal
      open={open}
      onClose={close}
      title={editing ? t('scheduling:packs.editTitle') : t('scheduling:packs.createTitle')}
      testId="pack-type-modal"
      formId={FORM_ID}
      busy={busy}
      cancelLabel={t('scheduling:packs.cancel')}
      submitLabel={t('scheduling:packs.save')}
      busyLabel={t('scheduling:packs.saving')}
      submitTestId="pack-type-submit"
    >
      <PackTypeFormBody key={editing?.id ?? 'new'} editing={editing} create={create} update={update} onDone={close} />
    </FormModal>
  );
}

function PackTypeFormBody({
  editing,
  create,
  update,
  onDone,
}: {
  editing: PackType | null;
  create: ReturnType<typeof useCreatePackType>;
  update: ReturnType<typeof useUpdatePackType>;
  onDone: () => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const form = useContractForm<PackTypeForm, typeof PackTypeBody>(editing ? (PackTypePatch as unknown as typeof PackTypeBody) : PackTypeBody, {
    defaultValues: valuesOf(editing),
    toBody,
  });
  const { onSubmit, attempts, busy, error } = useAddOrChange({
    form,
    editing,
    create,
    update,
    doneText: (name, added) => (added ? t('scheduling:packs.created', { name }) : t('scheduling:packs.saved', { name })),
    onDone,
  });
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={busy}>
      <FormError error={error} attempts={attempts} fallback={t('scheduling:packs.failed')} testId="pack-type-error" />
      <div className="form__grid">
        <TextField name="name" label={t('scheduling:packs.name')} maxLength={80} required data-autofocus testId="pack-type-name" />
        <TextField name="sessions" inputMode="numeric" autoComplete="off" label={t('scheduling:packs.sessionsLabel')} required testId="pack-type-sessions" />
        <TextField
          name="validityDays"
          inputMode="numeric"
          autoComplete="off"
          label={t('scheduling:packs.validityDays')}
          hint={t('scheduling:packs.validityHint')}
          required
          testId="pack-type-validity"
        />
        <MoneyField name="pricePaise" label={t('scheduling:packs.pricePaise')} hint={t('scheduling:packs.priceHint')} required testId="pack-type-price" />
      </div>
    </Form>
  );
}
