/*
 * Reads codes from camera frames. QR codes (attendance): the browser's BarcodeDetector where it has one for QR codes,
 * else jsQR in a Web Worker (qr-worker.ts, its own chunk, loaded only then). Product barcodes (the point of sale):
 * the BarcodeDetector's 1-D formats where the browser has them; there is no worker fallback for those (the screen
 * offers the typed code and a USB scanner instead).
 */

/** The part of the BarcodeDetector API used here (not yet in TypeScript's DOM types). */
interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}

export type DecoderFactory = () => Promise<CodeDecoder | null>;

export interface CodeDecoder {
  /** The text of a code in the frame, or null. */
  decode(video: HTMLVideoElement): Promise<string | null>;
  dispose(): void;
  kind: 'native' | 'worker';
}

/** The 1-D formats printed on retail goods (and QR, which some shelf labels carry). */
export const PRODUCT_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'qr_code'];

async function nativeDetector(wanted: readonly string[]): Promise<Detector | null> {
  const Ctor = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const supported = Ctor.getSupportedFormats ? await Ctor.getSupportedFormats() : ['qr_code'];
    const formats = wanted.filter((f) => supported.includes(f));
    return formats.length > 0 ? new Ctor({ formats }) : null;
  } catch {
    return null;
  }
}

function nativeDecoder(detector: Detector): CodeDecoder {
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

/** Frames are scaled down to at most this width before they go to the worker (enough for a phone-sized code). */
const MAX_WIDTH = 640;

function workerDecoder(): CodeDecoder {
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

export async function createQrDecoder(): Promise<CodeDecoder> {
  const detector = await nativeDetector(['qr_code']);
  return detector ? nativeDecoder(detector) : workerDecoder();
}

/** A decoder for product barcodes, or null when this browser cannot read them from the camera. */
export async function createBarcodeDecoder(): Promise<CodeDecoder | null> {
  const detector = await nativeDetector(PRODUCT_FORMATS);
  return detector ? nativeDecoder(detector) : null;
}
