import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NS } from '../../../locales/resources';
import type { ScannerState } from '../../../lib/scanner/use-code-scanner';

/** The camera preview with its state line (idle, scanning, or the permission error). */
export function CameraView({ videoRef, state, large }: { videoRef: RefObject<HTMLVideoElement | null>; state: ScannerState; large?: boolean }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <div className={`att-camera${large ? ' att-camera--large' : ''}`}>
      <video
        ref={videoRef}
        className="att-camera__video"
        hidden={state !== 'scanning' && state !== 'starting'}
        aria-label={t('attendance:scan.videoLabel')}
        muted
        playsInline
      />
      {state === 'error' ? (
        <p className="alert alert--error" role="alert" data-testid="camera-error">
          {t('attendance:scan.cameraError')}
        </p>
      ) : state === 'scanning' ? (
        <p className="text-muted" role="status">
          {t('attendance:scan.scanning')}
        </p>
      ) : (
        <p className="text-muted">{t('attendance:scan.cameraIdle')}</p>
      )}
    </div>
  );
}
