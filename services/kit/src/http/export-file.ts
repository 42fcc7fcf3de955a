import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';

export type ExportFileFormat = 'csv' | 'json';

/** One export column: its header and how a row gives its cell (null → empty cell in CSV, null in JSON). */
export interface ExportColumn<R> {
  header: string;
  value: (row: R) => string | number | boolean | null;
}

/**
 * Rows read a page at a time by keyset (`after` is the last row of the previous page, null at first): the whole set is
 * never in memory, whatever the organization's size.
 */
export async function* keysetPages<R>(fetch: (after: R | null) => Promise<R[]>, pageSize: number): AsyncGenerator<R> {
  let after: R | null = null;
  for (;;) {
    const page = await fetch(after);
    for (const r of page) yield r;
    if (page.length < pageSize) return;
    after = page.at(-1)!;
  }
}

/**
 * A streamed export file: CSV through csv-stringify (quoting, and formula-looking cells prefixed with `'` so a
 * spreadsheet does not run them), or a JSON array written object by object. Back-pressure is kept: the next page is
 * read only when the client has taken the previous one.
 */
export const exportFile = <R>(rows: AsyncIterable<R>, columns: ExportColumn<R>[], format: ExportFileFormat, baseName: string) => {
  const record = (r: R) => Object.fromEntries(columns.map((c) => [c.header, c.value(r)]));
  if (format === 'csv') {
    const source = Readable.from(
      (async function* () {
        for await (const r of rows) yield columns.map((c) => c.value(r));
      })(),
      { objectMode: true },
    );
    const body = source.pipe(
      stringify({
        header: true,
        columns: columns.map((c) => c.header),
        escape_formulas: true,
        record_delimiter: 'windows',
        bom: true,
        cast: { boolean: (v) => (v ? 'true' : 'false') },
      }),
    );
    // pipe() does not pass a source's error on: a failed page read would be an unhandled 'error' that ends the process.
    // The reply's stream fails instead (Fastify logs it and closes the connection), and the service goes on.
    source.on('error', (err) => body.destroy(err));
    return { contentType: 'text/csv; charset=utf-8', fileName: `${baseName}.csv`, body };
  }
  const body = Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const r of rows) {
        yield `${first ? '' : ','}\n${JSON.stringify(record(r))}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
  return { contentType: 'application/json; charset=utf-8', fileName: `${baseName}.json`, body };
};
