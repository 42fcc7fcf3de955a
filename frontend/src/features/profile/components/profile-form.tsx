import { Gender, type User } from '@akhada/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useUpdateProfile, type ProfileInput } from '../api/update-profile';
import { ALL_NS } from '../../../locales/resources';

type Draft = {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  gender: '' | z.infer<typeof Gender>;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  ecName: string;
  ecPhone: string;
  ecRelationship: string;
};

function draftOf(u: User): Draft {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    dateOfBirth: u.dateOfBirth ?? '',
    gender: u.gender ?? '',
    street: u.address.street ?? '',
    city: u.address.city ?? '',
    state: u.address.state ?? '',
    zipCode: u.address.zipCode ?? '',
    country: u.address.country ?? '',
    ecName: u.emergencyContact.name ?? '',
    ecPhone: u.emergencyContact.phone ?? '',
    ecRelationship: u.emergencyContact.relationship ?? '',
  };
}

function bodyOf(d: Draft): ProfileInput {
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    phone: d.phone,
    dateOfBirth: d.dateOfBirth || null,
    gender: d.gender || null,
    address: { street: d.street, city: d.city, state: d.state, zipCode: d.zipCode, country: d.country },
    emergencyContact: { name: d.ecName, phone: d.ecPhone, relationship: d.ecRelationship },
  };
}

/** View and edit mode (Edit, Save, Cancel) for the signed-in user's own details. */
export function ProfileForm() {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const toast = useToast();
  const { describe, fields } = useErrorText();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [attempts, setAttempts] = useState(0);

  const startEdit = () => {
    setDraft(draftOf(user));
    update.reset();
    setEditing(true);
  };
  const cancel = () => {
    update.reset();
    setEditing(false);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (update.isPending) return;
    update.mutate(bodyOf(draft), {
      onSuccess: () => {
        toast.success(t('profile:success'));
        setEditing(false);
      },
      onError: () => setAttempts((n) => n + 1),
    });
  };

  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const errs = update.isError ? fields(update.error) : {};
  const none = <span className="text-muted">{t('common:notProvided')}</span>;
  const show = (v: string | null | undefined): ReactNode => (v && v.trim() ? v : none);

  if (!editing) {
    const a = user.address;
    const ec = user.emergencyContact;
    return (
      <div className="profile-view">
        <div className="profile-view__bar">
          <button type="button" className="btn btn--secondary" onClick={startEdit} data-testid="profile-edit">
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

  const input = (
    key: keyof Draft,
    label: string,
    opts: { required?: boolean; type?: string; autoComplete?: string; path?: string; inputMode?: 'tel' | 'numeric' } = {},
  ) => (
    <Field label={label} error={errs[opts.path ?? key]} required={opts.required}>
      {(p) => (
        <input
          {...p}
          className="input"
          name={key}
          type={opts.type ?? 'text'}
          autoComplete={opts.autoComplete}
          inputMode={opts.inputMode}
          value={draft[key]}
          onChange={set(key)}
          data-testid={`profile-${key}`}
        />
      )}
    </Field>
  );

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
      {update.isError ? (
        <Alert tone="error" shake={attempts} testId="profile-error">
          {describe(update.error, { fallback: t('profile:failed') })}
        </Alert>
      ) : null}
      <fieldset className="form__section">
        <legend className="section-heading">{t('profile:sections.personal')}</legend>
        <div className="form__grid">
          {input('firstName', t('profile:fields.firstName'), { required: true, autoComplete: 'given-name' })}
          {input('lastName', t('profile:fields.lastName'), { required: true, autoComplete: 'family-name' })}
          <Field label={t('profile:fields.email')} hint={t('profile:fields.emailHint')}>
            {(p) => <input {...p} className="input" value={user.email} readOnly aria-readonly="true" />}
          </Field>
          {input('phone', t('profile:fields.phone'), { required: true, type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          {input('dateOfBirth', t('profile:fields.dateOfBirth'), { type: 'date', autoComplete: 'bday' })}
          <Field label={t('profile:fields.gender')} error={errs.gender}>
            {(p) => (
              <select {...p} className="input select" name="gender" value={draft.gender} onChange={set('gender')} data-testid="profile-gender">
                <option value="">{t('profile:fields.genderUnset')}</option>
                {Gender.options.map((g) => (
                  <option key={g} value={g}>
                    {t(`profile:genders.${g}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="section-heading">{t('profile:sections.address')}</legend>
        <div className="form__grid">
          {input('street', t('profile:fields.street'), { autoComplete: 'street-address', path: 'address.street' })}
          {input('city', t('profile:fields.city'), { autoComplete: 'address-level2', path: 'address.city' })}
          {input('state', t('profile:fields.state'), { autoComplete: 'address-level1', path: 'address.state' })}
          {input('zipCode', t('profile:fields.zipCode'), { autoComplete: 'postal-code', path: 'address.zipCode', inputMode: 'numeric' })}
          {input('country', t('profile:fields.country'), { autoComplete: 'country-name', path: 'address.country' })}
        </div>
      </fieldset>
      <fieldset className="form__section">
        <legend className="section-heading">{t('profile:sections.emergency')}</legend>
        <div className="form__grid">
          {input('ecName', t('profile:fields.emergencyName'), { path: 'emergencyContact.name' })}
          {input('ecPhone', t('profile:fields.emergencyPhone'), { type: 'tel', inputMode: 'tel', path: 'emergencyContact.phone' })}
          {input('ecRelationship', t('profile:fields.emergencyRelationship'), { path: 'emergencyContact.relationship' })}
        </div>
      </fieldset>
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={cancel} disabled={update.isPending} data-testid="profile-cancel">
          {t('profile:cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="profile-save">
          {update.isPending ? t('profile:saving') : t('profile:save')}
        </button>
      </div>
    </form>
  );
}
