import { Gender, ProfileBody, type User } from '@akhada/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { ReadOnlyField } from '../../../components/form/read-only-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, PhoneField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useUpdateProfile, type ProfileInput } from '../api/update-profile';

/** The form's values: the body's own shape and paths (address.city …), with text where the body takes null. */
type ProfileDraft = {
  firstName: string;
  lastName: string;
  phone: string;
  /** YYYY-MM-DD, '' when not given. */
  dateOfBirth: string;
  gender: '' | z.infer<typeof Gender>;
  address: { street: string; city: string; state: string; zipCode: string; country: string };
  emergencyContact: { name: string; phone: string; relationship: string };
};

function draftOf(u: User): ProfileDraft {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    dateOfBirth: u.dateOfBirth ?? '',
    gender: u.gender ?? '',
    address: {
      street: u.address.street ?? '',
      city: u.address.city ?? '',
      state: u.address.state ?? '',
      zipCode: u.address.zipCode ?? '',
      country: u.address.country ?? '',
    },
    emergencyContact: { name: u.emergencyContact.name ?? '', phone: u.emergencyContact.phone ?? '', relationship: u.emergencyContact.relationship ?? '' },
  };
}

function toBody(d: ProfileDraft): ProfileInput {
  return { ...d, dateOfBirth: d.dateOfBirth || null, gender: d.gender || null };
}

/** View and edit mode (Edit, Save, Cancel) for the signed-in user's own details. */
export function ProfileForm() {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const [editing, setEditing] = useState(false);
  const none = <span className="text-muted">{t('common:notProvided')}</span>;
  const show = (v: string | null | undefined): ReactNode => (v && v.trim() ? v : none);

  if (!editing) {
    const a = user.address;
    const ec = user.emergencyContact;
    return (
      <div className="profile-view">
        <div className="profile-view__bar">
          <button type="button" className="btn btn--secondary" onClick={() => setEditing(true)} data-testid="profile-edit">
            {t('profile:edit')}
          </button>
        </div>
        <section aria-labelledby="profile-personal">
          <h3 id="profile-personal" className="section-heading">
            {t('profile:sections.personal')}
          </h3>
          <dl className="facts facts--grid">
            <div>
              <dt>{t('profile:fields.firstName')}</dt>
              <dd>{user.firstName}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.lastName')}</dt>
              <dd>{user.lastName}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.email')}</dt>
              <dd className="break">{user.email}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.phone')}</dt>
              <dd>{show(user.phone)}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.dateOfBirth')}</dt>
              <dd>{user.dateOfBirth ? formatDate(user.dateOfBirth, i18n.language) : none}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.gender')}</dt>
              <dd>{user.gender ? t(`profile:genders.${user.gender}`) : none}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="profile-address">
          <h3 id="profile-address" className="section-heading">
            {t('profile:sections.address')}
          </h3>
          <dl className="facts facts--grid">
            <div>
              <dt>{t('profile:fields.street')}</dt>
              <dd>{show(a.street)}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.city')}</dt>
              <dd>{show(a.city)}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.state')}</dt>
              <dd>{show(a.state)}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.zipCode')}</dt>
              <dd>{show(a.zipCode)}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.country')}</dt>
              <dd>{show(a.country)}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="profile-emergency">
          <h3 id="profile-emergency" className="section-heading">
            {t('profile:sections.emergency')}
          </h3>
          <dl className="facts facts--grid">
            <div>
              <dt>{t('profile:fields.emergencyName')}</dt>
              <dd>{show(ec.name)}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.emergencyPhone')}</dt>
              <dd>{show(ec.phone)}</dd>
            </div>
            <div>
              <dt>{t('profile:fields.emergencyRelationship')}</dt>
              <dd>{show(ec.relationship)}</dd>
            </div>
          </dl>
        </section>
      </div>
    );
  }

  return <ProfileEditForm user={user} onDone={() => setEditing(false)} />;
}

/** Edit mode: the user's details as they are now, checked with ProfileBody; Save keeps them, Cancel leaves them. */
function ProfileEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const update = useUpdateProfile();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<ProfileDraft, typeof ProfileBody>(ProfileBody, { defaultValues: draftOf(user), toBody });

  const onSubmit = (body: ProfileInput) => {
    if (update.isPending) return;
    update.mutate(body, {
      onSuccess: () => {
        toast.success(t('profile:success'));
        onDone();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  const genders = [{ value: '', label: t('profile:fields.genderUnset') }, ...Gender.options.map((g) => ({ value: g, label: t(`profile:genders.${g}`) }))];
  return (
    <Form form={form} onSubmit={onSubmit} busy={update.isPending} className="profile-form">
      {update.isError ? (
        <Alert tone="error" shake={attempts} testId="profile-error">
          {describe(update.error, { fallback: t('profile:failed') })}
        </Alert>
      ) : null}
      <fieldset className="form__section">
        <legend className="section-heading">{t('profile:sections.personal')}</legend>
        <div className="form__grid">
          <TextField name="firstName" label={t('profile:fields.firstName')} autoComplete="given-name" maxLength={50} required testId="profile-firstName" />
          <TextField name="lastName" label={t('profile:fields.lastName')} autoComplete="family-name" maxLength={50} required testId="profile-lastName" />
          <ReadOnlyField label={t('profile:fields.email')} hint={t('profile:fields.emailHint')} value={user.email} />
          <PhoneField name="phone" label={t('profile:fields.phone')} required testId="profile-phone" />
          <DateField name="dateOfBirth" label={t('profile:fields.dateOfBirth')} autoComplete="bday" testId="profile-dateOfBirth" />
          <SelectField name="gender" label={t('profile:fields.gender')} options={genders} testId="profile-gender" />
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="section-heading">{t('profile:sections.address')}</legend>
        <div className="form__grid">
          <TextField name="address.street" label={t('profile:fields.street')} autoComplete="street-address" maxLength={200} testId="profile-street" />
          <TextField name="address.city" label={t('profile:fields.city')} autoComplete="address-level2" maxLength={100} testId="profile-city" />
          <TextField name="address.state" label={t('profile:fields.state')} autoComplete="address-level1" maxLength={100} testId="profile-state" />
          <TextField
            name="address.zipCode"
            label={t('profile:fields.zipCode')}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={20}
            testId="profile-zipCode"
          />
          <TextField name="address.country" label={t('profile:fields.country')} autoComplete="country-name" maxLength={100} testId="profile-country" />
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="section-heading">{t('profile:sections.emergency')}</legend>
        <div className="form__grid">
          <TextField name="emergencyContact.name" label={t('profile:fields.emergencyName')} maxLength={100} testId="profile-ecName" />
          <PhoneField name="emergencyContact.phone" label={t('profile:fields.emergencyPhone')} autoComplete="off" testId="profile-ecPhone" />
          <TextField name="emergencyContact.relationship" label={t('profile:fields.emergencyRelationship')} maxLength={50} testId="profile-ecRelationship" />
        </div>
      </fieldset>
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone} disabled={update.isPending} data-testid="profile-cancel">
          {t('profile:cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="profile-save">
          {update.isPending ? t('profile:saving') : t('profile:save')}
        </button>
      </div>
    </Form>
  );
}
