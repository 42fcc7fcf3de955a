import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createBarcodeDecoder } from '../../../lib/scanner/code-decoder';
import { useCodeScanner } from '../../../lib/scanner/use-code-scanner';
import { ALL_NS } from '../../../locales/resources';

/**
 * The code field (typed, or a USB scanner: digits + Enter) and the camera scanner (product barcodes where the browser
 * reads them). Enter or a scan hands the code to `onCode`.
 */
export function CodeEntry({ onCode, busy }: { onCode: (code: string) => void; busy: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const id = useId();
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const scanner = useCodeScanner(onCode, createBarcodeDecoder);
  // The counter screen exists to take codes: the field has the focus from the start, so a USB scanner types into it.
  useEffect(() => inputRef.current?.focus(), []);
  const on = scanner.state === 'scanning' || scanner.state === 'starting';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return;
    onCode(value);
    setCode('');
    inputRef.current?.focus();
  };

  return (
    <section className="card pos-scan" aria-labelledby={`${id}-title`}>
      <h2 className="pos-section-title" id={`${id}-title`}>
        {t('pos:scan.title')}
      </h2>
      <form className="pos-scan__form" onSubmit={submit} role="search" aria-label={t('pos:scan.title')}>
        <label className="visually-hidden" htmlFor={`${id}-code`}>
          {t('pos:scan.codeLabel')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-code`}
          className="input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('pos:scan.codePlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={40}
          aria-describedby={`${id}-hint`}
          data-testid="pos-code"
        />
        <button type="submit" className="btn btn--primary" disabled={busy || code.trim() === ''} data-testid="pos-code-add">
          {t('pos:scan.add')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          aria-pressed={on}
          onClick={() => (on ? scanner.stop() : void scanner.start())}
          data-testid="pos-camera"
        >
          {on ? t('pos:scan.stopCamera') : t('pos:scan.startCamera')}
        </button>
      </form>
      <p className="field__hint" id={`${id}-hint`}>
        {t('pos:scan.hint')}
      </p>
      <div className="pos-camera">
        <video ref={scanner.videoRef} className="pos-camera__video" hidden={!on} aria-label={t('pos:scan.videoLabel')} muted playsInline />
        {scanner.state === 'error' ? (
          <p className="alert alert--error" role="alert">
            {t('pos:scan.cameraError')}
          </p>
        ) : scanner.state === 'unsupported' ? (
          <p className="alert alert--info" role="status" data-testid="pos-camera-unsupported">
            {t('pos:scan.unsupported')}
          </p>
        ) : scanner.state === 'scanning' ? (
          <p className="text-muted" role="status">
            {t('pos:scan.scanning')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
