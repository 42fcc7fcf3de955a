import { describe, expect, it } from 'vitest';
import { classify, cleanFileName } from './file-types.ts';

const text = new TextEncoder().encode('hello\nनमस्ते');

describe('accepted attachment types, from the bytes', () => {
  it('takes the detected type, not the name', () => {
    expect(classify('application/pdf', 'x.txt', text)).toEqual({ ok: true, mimeType: 'application/pdf', kind: 'document' });
    expect(classify('image/png', 'photo.pdf', text)).toEqual({ ok: true, mimeType: 'image/png', kind: 'image' });
    expect(classify('audio/vnd.wave', 'a.wav', text)).toEqual({ ok: true, mimeType: 'audio/wav', kind: 'audio' });
  });
  it('refuses an executable whatever its name', () => {
    expect(classify('application/x-msdownload', 'report.pdf', text)).toEqual({ ok: false });
    expect(classify('application/zip', 'a.docx', text)).toEqual({ ok: false });
  });
  it('plain text only under a .txt name and only when it is text', () => {
    expect(classify(undefined, 'notes.txt', text).ok).toBe(true);
    expect(classify(undefined, 'notes.pdf', text).ok).toBe(false);
    expect(classify(undefined, 'notes.txt', new Uint8Array([0x4d, 0x5a, 0, 1])).ok).toBe(false);
  });
  it('an OLE file only as .doc', () => {
    expect(classify('application/x-cfb', 'a.doc', text).ok).toBe(true);
    expect(classify('application/x-cfb', 'setup.msi', text).ok).toBe(false);
  });
  it('cleans names', () => {
    expect(cleanFileName('C:\\x\\..\\evil\u202e.pdf')).toBe('evil.pdf');
    expect(cleanFileName('')).toBe('file');
  });
});
