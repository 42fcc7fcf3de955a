import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircleIcon } from './icons/alert-circle';
import { AlertTriangleIcon } from './icons/alert-triangle';
import { CheckCircleIcon } from './icons/check-circle';
import { CloseIcon } from './icons/close';
import { InfoIcon } from './icons/info';
import { ALL_NS } from '../locales/resources';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
/** How long each kind stays on screen (ms). */
export const TOAST_DURATION: Record<ToastType, number> = { success: 3000, error: 5000, warning: 4000, info: 3000 };

interface ToastItem {
  id: number;
  type: ToastType;
  message: string;
}

type ToastApi = Record<ToastType, (message: string) => void>;
const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(ALL_NS);
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((i) => i.id !== id)), []);
  const push = useCallback((type: ToastType, message: string) => {
    const id = nextId.current++;
    setItems((list) => [...list.slice(-4), { id, type, message }]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m),
      warning: (m) => push('warning', m),
      info: (m) => push('info', m),
    }),
    [push],
  );

  return (
    <ToastContext value={api}>
      {children}
      <div className="toasts" aria-label={t('common:toast.region')} role="region">
        {items.map((item) => (
          <ToastView key={item.id} item={item} onDismiss={() => dismiss(item.id)} dismissLabel={t('common:actions.dismiss')} />
        ))}
      </div>
    </ToastContext>
  );
}

function ToastView({ item, onDismiss, dismissLabel }: { item: ToastItem; onDismiss: () => void; dismissLabel: string }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION[item.type]);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const id = window.setTimeout(onDismiss, remaining.current);
    return () => {
      window.clearTimeout(id);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onDismiss]);

  const Icon = item.type === 'success' ? CheckCircleIcon : item.type === 'error' ? AlertCircleIcon : item.type === 'warning' ? AlertTriangleIcon : InfoIcon;
  const assertive = item.type === 'error' || item.type === 'warning';
  return (
    <div
      className={`toast toast--${item.type}`}
      role={assertive ? 'alert' : 'status'}
      aria-live={assertive ? 'assertive' : 'polite'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid={`toast-${item.type}`}
    >
      <Icon size={18} className="toast__icon" />
      <p className="toast__message">{item.message}</p>
      <button type="button" className="toast__close" onClick={onDismiss} aria-label={dismissLabel}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
