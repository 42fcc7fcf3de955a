/// <reference lib="webworker" />
import jsQR from 'jsqr';

/*
 * Decodes QR codes off the main thread for browsers without the BarcodeDetector API: each message is one camera frame
 * (RGBA pixels); the answer is the decoded text or null.
 */
interface Frame {
  id: number;
  width: number;
  height: number;
  data: ArrayBuffer;
}

self.onmessage = (event: MessageEvent<Frame>) => {
  const { id, width, height, data } = event.data;
  const code = jsQR(new Uint8ClampedArray(data), width, height, { inversionAttempts: 'dontInvert' });
  self.postMessage({ id, text: code ? code.data : null });
};
