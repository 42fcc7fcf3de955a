import type { RegisterBody } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { UserIcon } from '../../../components/icons/user';
import { UsersIcon } from '../../../components/icons/users';
import { ALL_NS } from '../../../locales/resources';

type RegisterRole = RegisterBody['role'];
const ROLES: { role: RegisterRole; Icon: typeof UserIcon }[] = [
  { role: 'member', Icon: UserIcon },
  { role: 'trainer', Icon: DumbbellIcon },
  { role: 'admin', Icon: UsersIcon },
];

/** Member (default), trainer or gym admin, as a group of radio cards. */
export function RolePicker({ value, onChange }: { value: RegisterRole; onChange: (role: RegisterRole) => void }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <fieldset className="role-picker">
      <legend className="field__label">{t('auth:register.roleLegend')}</legend>
      <div className="role-picker__options">
        {ROLES.map(({ role, Icon }) => (
          <label key={role} className={`role-option${value === role ? ' role-option--checked' : ''}`}>
            <input
              type="radio"
              name="role"
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="role-option__input"
              data-testid={`register-role-${role}`}
            />
            <Icon size={20} className="role-option__icon" />
            <span className="role-option__text">
              <span className="role-option__label">{t(`auth:register.roles.${role}`)}</span>
              <span className="role-option__hint">{t(`auth:register.roles.${role}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
