import { useCallback, useEffect, useRef, useState } from 'react';
import { createQrDecoder, type CodeDecoder, type DecoderFactory } from './code-decoder';

/** How often a camera frame is read (the spec's scanner polls every second; faster feels instant at a desk). */
export const SCAN_INTERVAL_MS = 500;
/**
 * The same code read again less than this after it was last seen is the same scan: the member is still holding it up
 * (or has just lowered it). The window slides with every read, so a code held in front of the camera is sent once
 * however long it stays there and however slowly its answer comes (the camera reads it twice a second; a window counted
 * from the first read let it be sent again while the first answer was on its way or just shown, and the server refused
 * the second as "already used"). A different code ends it; the server's refusal of a used code stays the rule.
 */
export const REPEAT_MS = 4000;

/** 'unsupported': this browser cannot read this kind of code from the camera (found once the camera is open; it is closed again). */
export type ScannerState = 'idle' | 'starting' | 'scanning' | 'error' | 'unsupported';

/**
 * The camera and the decoder: start() opens the camera into `videoRef`, reads a frame every SCAN_INTERVAL_MS and calls
 * `onCode` with each newly decoded text (see REPEAT_MS); stop() closes the camera. `state` is 'error' when the camera could not be
 * opened (no permission, no camera).
 */
export function useCodeScanner(onCode: (text: string) => void, createDecoder: DecoderFactory) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('idle');
  const session = useRef<{ stream: MediaStream; decoder: CodeDecoder; timer: ReturnType<typeof setInterval> } | null>(null);
  const handler = useRef(onCode);
  handler.current = onCode;
  const factory = useRef(createDecoder);
  factory.current = createDecoder;
  const last = useRef<{ text: string; at: number } | null>(null);

  const stop = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (s) {
      clearInterval(s.timer);
      s.decoder.dispose();
      s.stream.getTracks().forEach((track) => track.stop());
    }
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('idle');
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setState('starting');
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      setState('error');
      return;
    }
    const decoder = await factory.current();
    if (!decoder) {
      stream.getTracks().forEach((track) => track.stop());
      setState('unsupported');
      return;
    }
    const video = videoRef.current;
    if (video) {
      video.srcObject = stream;
      video.muted = true;
      video.playsInline = true;
      await video.play().catch(() => undefined);
    }
    let busy = false;
    const timer = setInterval(() => {
      const v = videoRef.current;
      if (busy || !v) return;
      busy = true;
      decoder
        .decode(v)
        .then((text) => {
          if (!text) return;
          const now = Date.now();
          const seen = last.current;
          last.current = { text, at: now };
          if (seen && seen.text === text && now - seen.at < REPEAT_MS) return;
          handler.current(text);
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, SCAN_INTERVAL_MS);
    session.current = { stream, decoder, timer };
    setState('scanning');
  }, []);

  useEffect(() => stop, [stop]);

  return { videoRef, state, start, stop };
}

/** The attendance scanner: QR codes only (the member's QR from the app). */
export const useQrScanner = (onCode: (text: string) => void) => useCodeScanner(onCode, createQrDecoder);
