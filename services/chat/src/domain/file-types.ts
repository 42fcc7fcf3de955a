import { CHAT_ACCEPTED_TYPES, type AttachmentKind } from '@akhada/contracts';

/**
 * Which detected types are accepted (spec §5: images, video, pdf, doc, docx, txt, mp3, wav), from what the bytes say.
 * `detected` is the sniffer's answer (undefined when the bytes have no signature, as plain text has none).
 * A legacy .doc is an OLE compound file (application/x-cfb, the container of .xls/.msi too): it is accepted only under a
 * .doc name; plain text only when the bytes are UTF-8 text without binary control characters.
 */
export type Verdict = { ok: true; mimeType: string; kind: AttachmentKind } | { ok: false };

const ALIASES: Record<string, string> = { 'audio/vnd.wave': 'audio/wav', 'audio/x-wav': 'audio/wav', 'audio/wave': 'audio/wav' };

export const kindOf = (mime: string): AttachmentKind =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : 'document';

const extensionOf = (name: string) => {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i).toLowerCase();
};

export const isPlainText = (bytes: Uint8Array): boolean => {
  for (const b of bytes) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

export const classify = (detected: string | undefined, fileName: string, bytes: Uint8Array): Verdict => {
  const ext = extensionOf(fileName);
  if (detected === undefined) {
    return ext === '.txt' && bytes.length > 0 && isPlainText(bytes) ? { ok: true, mimeType: 'text/plain', kind: 'document' } : { ok: false };
  }
  if (detected === 'application/x-cfb') return ext === '.doc' ? { ok: true, mimeType: 'application/msword', kind: 'document' } : { ok: false };
  const mime = ALIASES[detected] ?? detected;
  return mime in CHAT_ACCEPTED_TYPES ? { ok: true, mimeType: mime, kind: kindOf(mime) } : { ok: false };
};

/** A file name as it may be shown and sent back in Content-Disposition: its last path part, no control characters, at most 200. */
export const cleanFileName = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (clean.length > 0 ? clean : 'file').slice(-200);
};
