import { describe, expect, it } from 'vitest';
import { nameTableCsv, nameTableFileName } from './nameTableCsv';

describe('nameTableCsv', () => {
  it('quotes every field so that commas, quotes and line breaks in names read back unchanged', () => {
    const csv = nameTableCsv([
      { kind: 'queue', original: 'team "a", prod', pseudonym: 'queue-1' },
      { kind: 'label', original: 'line\nbreak', pseudonym: 'label-1' },
    ]);
    expect(csv).toBe(
      'kind,pseudonym,original\r\n"queue","queue-1","team ""a"", prod"\r\n"label","label-1","line\nbreak"\r\n',
    );
  });

  it('is only the header for an empty table', () => {
    expect(nameTableCsv([])).toBe('kind,pseudonym,original\r\n');
  });
});

describe('nameTableFileName', () => {
  it('names the table after the file it came from', () => {
    expect(nameTableFileName('snapshot.zip')).toBe('snapshot-names.csv');
    expect(nameTableFileName('my cluster.json')).toBe('my-cluster-names.csv');
    expect(nameTableFileName('.zip')).toBe('cluster-names.csv');
  });
});
