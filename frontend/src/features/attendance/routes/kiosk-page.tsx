import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { scanQr } from '../api/attendance-api';
import { CameraView } from '../components/camera-panel';
import { beep } from '../lib/beep';
import { isOffline, serverMessage } from '../lib/feedback';
import { overdueOf, overdueText } from '../lib/overdue';
import { enqueueScan, flushQueue, readQueue } from '../lib/offline-queue';
import { initialsOf } from '../lib/ranges';
import { useQrScanner } from '../../../lib/scanner/use-code-scanner';
import '../attendance.css';

/** How long the big welcome (or refusal) stays before the kiosk is back to scanning. */
export const KIOSK_RESULT_MS = 3500;

type Result = { kind: 'ok'; name: string } | { kind: 'error'; message: string } | { kind: 'queued' };

/**
 * /dashboard/attendance/kiosk: the entrance tablet. The camera runs all the time; a scanned code checks the member in
 * with a large welcome (name and initials) and a tone, then the kiosk scans again by itself. Scans made while the
 * network is down are queued with their time and sent, oldest first, when it returns (the server records them then).
 */
export function KioskPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  useDocumentTitle(t('attendance:kiosk.pageTitle'));
  const [result, setResult] = useState<Result | null>(null);
  const [queued, setQueued] = useState(() => readQueue().length);
  const root = useRef<HTMLDivElement>(null);

  const flush = useCallback(async () => {
    const left = await flushQueue(async (s) => {
      try {
        await scanQr({ qrCode: s.qrCode, scannedAt: s.scannedAt, checkInMethod: 'kiosk' });
        return 'done';
      } catch (err) {
        return isOffline(err) ? 'offline' : 'done';
      }
    });
    setQueued(left);
  }, []);

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    if (navigator.onLine && readQueue().length > 0) void flush();
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const onCode = (qrCode: string) => {
    const scannedAt = new Date().toISOString();
    scanQr({ qrCode, checkInMethod: 'kiosk' })
      .then((r) => {
        beep(true);
        setResult({ kind: 'ok', name: r.member.name });
      })
      .catch((err: unknown) => {
        if (isOffline(err)) {
          setQueued(enqueueScan({ qrCode, scannedAt }));
          beep(true);
          setResult({ kind: 'queued' });
          return;
        }
        beep(false);
        // An overdue payment is worded in the kiosk's language, and sends the member to the desk.
        const overdue = overdueOf(err);
        const message = overdue ? `${overdueText(overdue, t, i18n.language)}. ${t('attendance:overdue.kioskHint')}` : serverMessage(err);
        setResult({ kind: 'error', message: message ?? t('attendance:kiosk.failed') });
      });
  };
  const scanner = useQrScanner(onCode);
  const { start } = scanner;

  useEffect(() => {
    void start();
  }, [start]);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), KIOSK_RESULT_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const fullscreen = () => void root.current?.requestFullscreen?.().catch(() => undefined);

  return (
    <main className="att-kiosk" ref={root} data-testid="kiosk">
      <div className="att-kiosk__bar">
        <Link to="/dashboard/attendance/scan" className="btn btn--secondary btn--sm">
          {t('attendance:kiosk.exit')}
        </Link>
        {queued > 0 ? (
          <span className="badge badge--warning" data-testid="kiosk-queue">
            {t('attendance:kiosk.offline', { count: queued })}
          </span>
        ) : null}
        <button type="button" className="btn btn--secondary btn--sm" onClick={fullscreen}>
          {t('attendance:kiosk.fullscreen')}
        </button>
      </div>
      <h1 className="att-kiosk__title">{t('attendance:kiosk.title')}</h1>
      <CameraView videoRef={scanner.videoRef} state={scanner.state} large />
      {scanner.state === 'error' || scanner.state === 'idle' ? (
        <button type="button" className="btn btn--primary btn--lg" onClick={() => void start()} data-testid="start-camera">
          {t('attendance:scan.startCamera')}
        </button>
      ) : null}
      <div className="att-kiosk__result" aria-live="assertive" role="status">
        {result?.kind === 'ok' ? (
          <div className="att-kiosk__welcome att-kiosk__welcome--ok" data-testid="kiosk-welcome">
            <span className="avatar avatar--xl" aria-hidden="true">
              {initialsOf(result.name)}
            </span>
            <span>{t('attendance:kiosk.welcome', { name: result.name })}</span>
          </div>
        ) : result?.kind === 'queued' ? (
          <div className="att-kiosk__welcome">{t('attendance:kiosk.queued')}</div>
        ) : result?.kind === 'error' ? (
          <div className="att-kiosk__welcome att-kiosk__welcome--error">{result.message}</div>
        ) : null}
      </div>
    </main>
  );
}
