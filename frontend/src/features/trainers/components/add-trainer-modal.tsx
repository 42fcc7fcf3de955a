import { CreateTrainerBody, type Location, type Specialization } from '@akhada/contracts';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreateTrainer, type CreateTrainerInput } from '../api/trainer-mutations';
import { integerFromInput, optionalDate } from '../lib/form-numbers';
import { SpecializationToggles } from './specialization-toggles';
import { locationOptions } from '../../../components/location-select';

const FORM_ID = 'add-trainer-form';

export function AddTrainerModal({
  open,
  onClose,
  locations,
  defaultLocationId,
}: {
  open: boolean;
  onClose: () => void;
  locations: Location[];
  defaultLocationId: string | null;
}) {
  const { t } = useTranslation(ALL_NS);
  const create = useCreateTrainer();
  const [chosen, setChosen] = useState(0);
  const close = () => {
    create.reset();
    setChosen(0);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('trainers:add.title')}
      description={t('trainers:add.description')}
      size="lg"
      testId="add-trainer-modal"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close} data-testid="add-trainer-cancel">
            {t('trainers:add.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={create.isPending || chosen === 0} data-testid="add-trainer-submit">
            {create.isPending ? t('trainers:add.submitting') : t('trainers:add.submit')}
          </button>
        </>
      }
    >
      {open ? <AddTrainerForm create={create} onDone={close} onChosen={setChosen} locations={locations} defaultLocationId={defaultLocationId} /> : null}
    </Modal>
  );
}

interface CertificationForm {
  name: string;
  issuingOrganization: string;
  issueDate: string;
  expiryDate: string;
}

interface AddTrainerForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  specialization: Specialization[];
  /** Years, as typed. */
  experience: string;
  /** Rupees per hour, as typed. */
  hourlyRate: string;
  /** As typed; blank means 10. */
  maxClients: string;
  bio: string;
  /** '' when the caller has one location (the server takes the current one). */
  locationId: string;
  certifications: CertificationForm[];
}

function toBody({ experience, hourlyRate, maxClients, locationId, certifications, ...v }: AddTrainerForm): CreateTrainerInput {
  return {
    ...v,
    experience: integerFromInput(experience) as number,
    hourlyRate: rupeesFromInput(hourlyRate) as number,
    maxClients: integerFromInput(maxClients),
    locationId: locationId || undefined,
    certifications: certifications.map((c) => ({ ...c, expiryDate: optionalDate(c.expiryDate) })),
  };
}

const NO_CERTIFICATION: CertificationForm = { name: '', issuingOrganization: '', issueDate: '', expiryDate: '' };

function AddTrainerForm({
  create,
  onDone,
  onChosen,
  locations,
  defaultLocationId,
}: {
  create: ReturnType<typeof useCreateTrainer>;
  onDone: () => void;
  onChosen: (count: number) => void;
  locations: Location[];
  defaultLocationId: string | null;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const chooseLocation = locations.length > 1;
  const form = useContractForm<AddTrainerForm, typeof CreateTrainerBody>(CreateTrainerBody, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      specialization: [],
      experience: '',
      hourlyRate: '',
      maxClients: '10',
      bio: '',
      locationId: chooseLocation ? (defaultLocationId ?? locations[0]?._id ?? '') : '',
      certifications: [],
    },
    toBody,
  });
  const certifications = useFieldArray({ control: form.control, name: 'certifications' });
  const chosen = form.watch('specialization').length;
  // The submit button (in the modal's footer) is disabled until a specialization is chosen.
  useEffect(() => onChosen(chosen), [chosen, onChosen]);

  const onSubmit = (body: CreateTrainerInput) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (trainer) => {
        toast.success(t('trainers:add.success', { name: trainer.fullName }));
        form.reset();
        onDone();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={create.isPending}>
      {create.isError ? (
        <Alert tone="error" shake={attempts} testId="add-trainer-error">
          {describe(create.error, { fallback: t('trainers:add.failed'), statusFallback: () => t('trainers:add.failed') })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <TextField
          name="firstName"
          label={t('trainers:add.firstName')}
          autoComplete="off"
          maxLength={50}
          required
          data-autofocus
          testId="add-trainer-first-name"
        />
        <TextField name="lastName" label={t('trainers:add.lastName')} autoComplete="off" maxLength={50} required testId="add-trainer-last-name" />
        <EmailField name="email" label={t('trainers:add.email')} autoComplete="off" required testId="add-trainer-email" />
        <PhoneField name="phone" label={t('trainers:add.phone')} autoComplete="off" required testId="add-trainer-phone" />
        <SpecializationToggles name="specialization" label={t('trainers:add.specialization')} hint={t('trainers:add.specializationHint')} />
        <TextField name="experience" label={t('trainers:add.experience')} inputMode="numeric" autoComplete="off" required testId="add-trainer-experience" />
        <MoneyField name="hourlyRate" label={t('trainers:add.hourlyRate')} required testId="add-trainer-rate" />
        <TextField name="maxClients" label={t('trainers:add.maxClients')} inputMode="numeric" autoComplete="off" hint="1–50" testId="add-trainer-max-clients" />
        {chooseLocation ? (
          <SelectField
            name="locationId"
            label={t('trainers:add.location')}
            options={locationOptions(locations, { withCity: true })}
            testId="add-trainer-location"
          />
        ) : null}
        <TextareaField name="bio" label={t('trainers:add.bio')} rows={3} maxLength={1000} optional fieldClassName="trainer-wide" testId="add-trainer-bio" />
      </div>
      <fieldset className="form__section">
        <legend className="field__label">
          {t('trainers:add.certifications')} <span className="field__optional">({t('common:optional')})</span>
        </legend>
        {certifications.fields.map((f, i) => (
          <div key={f.id} className="trainer-cert-row" data-testid="add-trainer-certification">
            <div className="form__grid">
              <TextField name={`certifications.${i}.name`} label={t('trainers:certification.name')} maxLength={120} required testId={`cert-${i}-name`} />
              <TextField
                name={`certifications.${i}.issuingOrganization`}
                label={t('trainers:certification.issuingOrganization')}
                maxLength={120}
                required
                testId={`cert-${i}-org`}
              />
              <DateField name={`certifications.${i}.issueDate`} label={t('trainers:certification.issueDate')} required testId={`cert-${i}-issued`} />
              <DateField name={`certifications.${i}.expiryDate`} label={t('trainers:certification.expiryDate')} optional testId={`cert-${i}-expiry`} />
            </div>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => certifications.remove(i)}>
              {t('trainers:add.removeCertification', { n: i + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => certifications.append(NO_CERTIFICATION)}
          data-testid="add-trainer-add-certification"
        >
          {t('trainers:add.addCertification')}
        </button>
      </fieldset>
    </Form>
  );
}
