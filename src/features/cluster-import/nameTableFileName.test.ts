import { describe, expect, it } from 'vitest';
import { nameTableFileName } from './nameTableFileName';

describe('nameTableFileName', () => {
  it('names the table after the file it came from', () => {
    expect(nameTableFileName('snapshot.zip')).toBe('snapshot-names.csv');
    expect(nameTableFileName('my cluster.json')).toBe('my-cluster-names.csv');
    expect(nameTableFileName('.zip')).toBe('cluster-names.csv');
  });
});
