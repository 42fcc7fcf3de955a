import { describe, expect, it } from 'vitest';
import { exportFile } from './export-file.ts';

const failing = async function* () {
  yield { n: 1 };
  throw new Error('the database refused the page');
};
const read = (body: NodeJS.ReadableStream) =>
  new Promise<{ text: string; error: Error | null }>((resolve) => {
    let text = '';
    body.on('data', (c: Buffer | string) => (text += c.toString()));
    body.on('end', () => resolve({ text, error: null }));
    body.on('error', (error: Error) => resolve({ text, error }));
  });

describe('exportFile', () => {
  it.each(['csv', 'json'] as const)('fails the %s body, not the process, when a page read fails', async (format) => {
    const file = exportFile(failing(), [{ header: 'n', value: (r: { n: number }) => r.n }], format, 'x');
    const { error } = await read(file.body);
    expect(error?.message).toBe('the database refused the page');
  });

  it('writes every row of a good read', async () => {
    const rows = async function* () {
      yield { n: 1 };
      yield { n: 2 };
    };
    const { text, error } = await read(exportFile(rows(), [{ header: 'n', value: (r: { n: number }) => r.n }], 'csv', 'x').body);
    expect(error).toBeNull();
    expect(text.replace('\ufeff', '').split('\r\n').filter(Boolean)).toEqual(['n', '1', '2']);
  });
});
