import type { ReactNode } from 'react';
import { AlertCircleIcon } from './icons/alert-circle';
import { CheckCircleIcon } from './icons/check-circle';
import { InfoIcon } from './icons/info';

type Tone = 'error' | 'success' | 'info' | 'warning';

/**
 * An inline message box. Errors are announced (role="alert") and shake once when `shake` changes
 * (pass a counter that increases with every failed attempt).
 */
export function Alert({ tone, children, shake, testId, title }: { tone: Tone; children: ReactNode; shake?: number; testId?: string; title?: string }) {
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'info' ? InfoIcon : AlertCircleIcon;
  return (
    <div key={shake} className={`alert alert--${tone}${shake ? ' alert--shake' : ''}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <Icon size={18} className="alert__icon" />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
