import { ClassCategory, ClassTypeBody, ClassTypePatch, MembershipType, type ClassType } from '@akhada/contracts';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { FormField } from '../../../components/form/form-field';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { ALL_NS } from '../../../locales/resources';
import { useCreateClassType, useUpdateClassType, type ClassTypeInput } from '../api/scheduling-api';
import { useAddOrChange } from '../lib/add-or-change';
import { paiseFrom, wholeFrom } from '../lib/form-text';

const FORM_ID = 'class-type-form';

interface ClassTypeForm {
  name: string;
  description: string;
  category: ClassCategory;
  durationMinutes: string;
  defaultCapacity: string;
  defaultTrainerId: string;
  colour: string;
  plans: MembershipType[];
  /** Rupees as typed. */
  dropInPricePaise: string;
}

const valuesOf = (c: ClassType | null): ClassTypeForm => ({
  name: c?.name ?? '',
  description: c?.description ?? '',
  category: c?.category ?? 'yoga',
  durationMinutes: String(c?.durationMinutes ?? 60),
  defaultCapacity: String(c?.defaultCapacity ?? 20),
  defaultTrainerId: c?.defaultTrainerId ?? '',
  colour: c?.colour ?? '#4f46e5',
  plans: c?.plans ?? [],
  dropInPricePaise: c?.dropInPricePaise == null ? '' : String(c.dropInPricePaise / 100),
});

const toBody = (v: ClassTypeForm): ClassTypeInput => ({
  name: v.name,
  description: v.description,
  category: v.category,
  durationMinutes: wholeFrom(v.durationMinutes) as number,
  defaultCapacity: wholeFrom(v.defaultCapacity) as number,
  defaultTrainerId: v.defaultTrainerId === '' ? null : v.defaultTrainerId,
  colour: v.colour,
  plans: Array.isArray(v.plans) ? v.plans : [],
  dropInPricePaise: paiseFrom(v.dropInPricePaise),
});

/** Adds a class type, or changes one (`editing`). */
export function ClassTypeModal({
  open,
  onClose,
  editing,
  trainers,
}: {
  open: boolean;
  onClose: () => void;
  editing: ClassType | null;
  trainers: { id: string; name: string }[];
}) {
  const { t } = useTranslation(ALL_NS);
  const create = useCreateClassType();
  const update = useUpdateClassType();
  const busy = create.isPending || update.isPending;
  const close = closeResetting(onClose, create, update);
  return (
    <FormModal
      open={open}
      onClose={close}
      title={editing ? t('scheduling:types.editTitle') : t('scheduling:types.createTitle')}
      size="lg"
      testId="class-type-modal"
      formId={FORM_ID}
      busy={busy}
      cancelLabel={t('scheduling:types.cancel')}
      submitLabel={t('scheduling:types.save')}
      busyLabel={t('scheduling:types.saving')}
      submitTestId="class-type-submit"
    >
      <ClassTypeFormBody key={editing?.id ?? 'new'} editing={editing} trainers={trainers} create={create} update={update} onDone={close} />
    </FormModal>
  );
}

function PlanChoices() {
  const { t } = useTranslation(ALL_NS);
  const { register } = useFormContext<ClassTypeForm>();
  return (
    <FormField name="plans" label={t('scheduling:types.plans')} hint={t('scheduling:types.plansHint')} fieldClassName="sched-wide">
      {(p) => (
        <div className="sched-weekdays" role="group" id={p.id} aria-describedby={p['aria-describedby']}>
          {MembershipType.options.map((plan) => (
            <label key={plan} className="sched-weekday">
              <input type="checkbox" value={plan} {...register('plans')} />
              <span>{t(`scheduling:plan.${plan}`)}</span>
            </label>
          ))}
        </div>
      )}
    </FormField>
  );
}

function ClassTypeFormBody({
  editing,
  trainers,
  create,
  update,
  onDone,
}: {
  editing: ClassType | null;
  trainers: { id: string; name: string }[];
  create: ReturnType<typeof useCreateClassType>;
  update: ReturnType<typeof useUpdateClassType>;
  onDone: () => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const form = useContractForm<ClassTypeForm, typeof ClassTypeBody>(editing ? (ClassTypePatch as unknown as typeof ClassTypeBody) : ClassTypeBody, {
    defaultValues: valuesOf(editing),
    toBody,
  });
  const { onSubmit, attempts, busy, error } = useAddOrChange({
    form,
    editing,
    create,
    update,
    doneText: (name, added) => (added ? t('scheduling:types.created', { name }) : t('scheduling:types.saved', { name })),
    onDone,
  });
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={busy}>
      <FormError error={error} attempts={attempts} fallback={t('scheduling:types.failed')} testId="class-type-error" />
      <div className="form__grid">
        <TextField name="name" label={t('scheduling:types.name')} maxLength={80} required data-autofocus testId="class-type-name" />
        <SelectField
          name="category"
          label={t('scheduling:types.category')}
          required
          options={ClassCategory.options.map((c) => ({ value: c, label: t(`scheduling:category.${c}`) }))}
          testId="class-type-category"
        />
        <TextField name="durationMinutes" inputMode="numeric" autoComplete="off" label={t('scheduling:types.duration')} required testId="class-type-duration" />
        <TextField name="defaultCapacity" inputMode="numeric" autoComplete="off" label={t('scheduling:types.capacity')} required testId="class-type-capacity" />
        <SelectField
          name="defaultTrainerId"
          label={t('scheduling:types.defaultTrainer')}
          options={[{ value: '', label: t('scheduling:types.noDefaultTrainer') }, ...trainers.map((tr) => ({ value: tr.id, label: tr.name }))]}
          testId="class-type-trainer"
        />
        <TextField name="colour" type="color" label={t('scheduling:types.colour')} className="sched-colour" testId="class-type-colour" />
        <MoneyField name="dropInPricePaise" label={t('scheduling:types.dropIn')} hint={t('scheduling:types.dropInHint')} optional testId="class-type-drop-in" />
        <PlanChoices />
        <TextareaField name="description" label={t('scheduling:types.description')} rows={3} maxLength={1000} optional fieldClassName="sched-wide" />
      </div>
    </Form>
  );
}
