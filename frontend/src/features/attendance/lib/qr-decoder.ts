/*
 * Reads QR codes from camera frames: the browser's BarcodeDetector where it has one for QR codes, else jsQR in a Web
 * Worker (qr-worker.ts, its own chunk, loaded only then).
 */

/** The part of the BarcodeDetector API used here (not yet in TypeScript's DOM types). */
interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}

export interface QrDecoder {
  /** The text of a QR code in the frame, or null. */
  decode(video: HTMLVideoElement): Promise<string | null>;
  dispose(): void;
  kind: 'native' | 'worker';
}

async function nativeDetector(): Promise<Detector | null> {
  const Ctor = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const formats = Ctor.getSupportedFormats ? await Ctor.getSupportedFormats() : ['qr_code'];
    return formats.includes('qr_code') ? new Ctor({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** Frames are scaled down to at most this width before they go to the worker (enough for a phone-sized code). */
const MAX_WIDTH = 640;

function workerDecoder(): QrDecoder {
  const worker = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module' });
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  let nextId = 1;
  const waiting = new Map<number, (text: string | null) => void>();
  worker.onmessage = (event: MessageEvent<{ id: number; text: string | null }>) => {
    waiting.get(event.data.id)?.(event.data.text);
    waiting.delete(event.data.id);
  };
  return {
    kind: 'worker',
    decode(video) {
      if (!ctx || video.videoWidth === 0) return Promise.resolve(null);
      const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, width: image.width, height: image.height, data: image.data.buffer }, [image.data.buffer]);
      });
    },
    dispose() {
      worker.terminate();
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    },
  };
}

export async function createQrDecoder(): Promise<QrDecoder> {
  const detector = await nativeDetector();
  if (!detector) return workerDecoder();
  return {
    kind: 'native',
    async decode(video) {
      if (video.readyState < 2) return null;
      const found = await detector.detect(video);
      return found[0]?.rawValue ?? null;
    },
    dispose() {},
  };
}
