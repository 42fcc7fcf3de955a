import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * A body the gateway sends many times, compressed once: at the highest levels (brotli 11, gzip 9; tens of
 * milliseconds for 30 KB), or `fast` (brotli 5, gzip 6; a few milliseconds, about 15% larger) where a client's request
 * can cause a new one.
 */
export const compressOnce = (body: string, { fast = false } = {}): { br: Buffer; gzip: Buffer } => ({
  br: brotliCompressSync(body, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
  }),
  gzip: gzipSync(body, { level: fast ? 6 : 9 }),
});

/** Brotli, else gzip, when the client accepts it (q=0 excluded); otherwise the plain body. */
export const pickEncoding = (header: string | string[] | undefined): 'br' | 'gzip' | null => {
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
};
