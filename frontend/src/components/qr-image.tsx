import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

/**
 * A text drawn as a QR code image (the `qrcode` library, loaded only when a screen shows one): a member's attendance
 * code, a lead's trial pass. A spinner until it is drawn.
 */
export function QrImage({ text, alt, size = 280, className, testId }: { text: string; alt: string; size?: number; className?: string; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: size }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? <img src={src} alt={alt} width={size} height={size} className={className} data-testid={testId} data-qr={text} /> : <Spinner />;
}
