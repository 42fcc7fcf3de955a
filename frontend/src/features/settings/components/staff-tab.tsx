import { InviteStaffBody, type StaffMember } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { SelectField } from '../../../components/form/select-field';
import { EmailField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useInviteStaff, useRemoveStaff, useSetStaffLocations, useStaff } from '../api/staff';
import { SettingsForm } from './settings-form';
import './gym-settings.css';

interface InviteForm {
  firstName: string;
  lastName: string;
  email: string;
  role: 'admin' | 'trainer';
  locationIds: string[];
}

function InviteStaff({ locations }: { locations: { _id: string; name: string }[] }) {
  const { t } = useTranslation(['gymsettings']);
  const invite = useInviteStaff();
  const blank: InviteForm = { firstName: '', lastName: '', email: '', role: 'trainer', locationIds: locations.slice(0, 1).map((l) => l._id) };
  const form = useContractForm<InviteForm, typeof InviteStaffBody>(InviteStaffBody, { defaultValues: blank, toBody: (v) => v });
  return (
    <SettingsForm
      form={form}
      save={invite}
      saved={t('gymsettings:staff.invited')}
      onSaved={() => form.reset(blank)}
      testId="staff-invite-form"
      submit={{ label: t('gymsettings:staff.send'), testId: 'staff-invite', tone: 'primary' }}
    >
      <h4 className="section-heading">{t('gymsettings:staff.invite')}</h4>
      <div className="gym-grid">
        <TextField name="firstName" label={t('gymsettings:staff.firstName')} required maxLength={50} testId="staff-first-name" />
        <TextField name="lastName" label={t('gymsettings:staff.lastName')} required maxLength={50} testId="staff-last-name" />
        <EmailField name="email" label={t('gymsettings:staff.email')} required testId="staff-email" />
        <SelectField
          name="role"
          label={t('gymsettings:staff.role')}
          options={[
            { value: 'trainer', label: t('gymsettings:roles.trainer') },
            { value: 'admin', label: t('gymsettings:roles.admin') },
          ]}
          testId="staff-role"
        />
      </div>
      <fieldset className="choice-group">
        <legend className="field__label">{t('gymsettings:staff.locations')}</legend>
        <div className="gym-languages">
          {locations.map((l) => (
            <label key={l._id} className="gym-check">
              <input type="checkbox" value={l._id} {...form.register('locationIds')} />
              <span>{l.name}</span>
            </label>
          ))}
        </div>
        {form.formState.errors.locationIds ? <p className="field__error">{t('gymsettings:staff.locationsRequired')}</p> : null}
      </fieldset>
    </SettingsForm>
  );
}

function StaffRow({ person, locations }: { person: StaffMember; locations: { _id: string; name: string }[] }) {
  const { t } = useTranslation(['gymsettings']);
  const remove = useRemoveStaff();
  const setLocations = useSetStaffLocations();
  const toast = useToast();
  const { describe } = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const editable = person.role !== 'owner' && person.status !== 'deactivated';
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...person.locationIds, id] : person.locationIds.filter((x) => x !== id);
    if (next.length === 0) return;
    setLocations.mutate({ id: person._id, locationIds: next }, { onSuccess: () => toast.success(t('gymsettings:staff.locationsSaved')) });
  };
  return (
    <li className="staff-row" data-testid="staff-row" data-email={person.email}>
      <div className="staff-row__who">
        <strong>
          {person.firstName} {person.lastName}
        </strong>
        <span className="text-muted staff-row__email">{person.email}</span>
        <span className="staff-row__tags">
          <span className="badge">{t(`gymsettings:roles.${person.role}`)}</span>
          <span className={`badge${person.status === 'deactivated' ? ' badge--muted' : ''}`} data-testid="staff-status">
            {t(`gymsettings:status.${person.status}`)}
          </span>
        </span>
      </div>
      {person.role === 'owner' ? (
        <p className="text-muted">{t('gymsettings:staff.allLocations')}</p>
      ) : (
        <div className="gym-languages" aria-label={t('gymsettings:staff.locations')} role="group">
          {locations.map((l) => (
            <label key={l._id} className="gym-check">
              <input
                type="checkbox"
                checked={person.locationIds.includes(l._id)}
                disabled={!editable || setLocations.isPending}
                onChange={(e) => toggle(l._id, e.target.checked)}
              />
              <span>{l.name}</span>
            </label>
          ))}
        </div>
      )}
      {editable ? (
        confirming ? (
          <div className="staff-row__confirm">
            <span>{t('gymsettings:staff.confirm', { name: person.firstName })}</span>
            <button
              type="button"
              className="btn btn--primary btn--sm staff-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(person._id, { onSuccess: () => toast.success(t('gymsettings:staff.removed')) })}
              data-testid="staff-remove-confirm"
            >
              {t('gymsettings:staff.remove')}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(false)}>
              {t('gymsettings:cancel')}
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setConfirming(true)} data-testid="staff-remove">
            {t('gymsettings:staff.removeAccess')}
          </button>
        )
      ) : null}
      {remove.isError ? <Alert tone="error">{describe(remove.error)}</Alert> : null}
      {setLocations.isError ? <Alert tone="error">{describe(setLocations.error)}</Alert> : null}
    </li>
  );
}

/** Settings → Staff (owner only): invite admins and trainers by email, their locations, removing access. */
export function StaffTab() {
  const { t } = useTranslation(['gymsettings']);
  const user = useUser();
  const staff = useStaff();
  const locations = user.locations.map((l) => ({ _id: l._id, name: l.name }));
  return (
    <section className="settings-section" data-testid="staff-settings">
      <h3 className="section-heading">{t('gymsettings:staff.title')}</h3>
      <p className="text-muted">{t('gymsettings:staff.description')}</p>
      {staff.isPending ? (
        <LoadingState title={t('gymsettings:loading')} />
      ) : staff.isError ? (
        <ErrorState error={staff.error} title={t('gymsettings:staff.loadFailed')} onRetry={() => void staff.refetch()} retrying={staff.isFetching} />
      ) : staff.data.length === 0 ? (
        <EmptyState title={t('gymsettings:staff.empty')} />
      ) : (
        <ul className="staff-list">
          {staff.data.map((p) => (
            <StaffRow key={p._id} person={p} locations={locations} />
          ))}
        </ul>
      )}
      <InviteStaff locations={locations} />
    </section>
  );
}
