import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from './icons/eye';
import { EyeOffIcon } from './icons/eye-off';
import { ALL_NS } from '../locales/resources';

/** A password input with an accessible show/hide toggle. */
export function PasswordInput({ id, toggleTestId, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string; toggleTestId?: string }) {
  const { t } = useTranslation(ALL_NS);
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input id={id} type={visible ? 'text' : 'password'} className="input" autoCapitalize="off" spellCheck={false} {...rest} />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={visible}
        aria-controls={id}
        aria-label={visible ? t('common:password.hide') : t('common:password.show')}
        title={visible ? t('common:password.hide') : t('common:password.show')}
        onClick={() => setVisible((v) => !v)}
        data-testid={toggleTestId}
      >
        {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </button>
    </div>
  );
}
