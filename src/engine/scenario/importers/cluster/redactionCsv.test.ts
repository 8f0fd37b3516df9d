import { describe, expect, it } from 'vitest';
import { redactionCsv } from './redactionCsv';

describe('redactionCsv', () => {
  it('quotes what needs quoting, so commas, quotes and line breaks in names read back unchanged', () => {
    const csv = redactionCsv([
      { kind: 'queue', original: 'team "a", prod', pseudonym: 'queue-1' },
      { kind: 'label', original: 'line\nbreak', pseudonym: 'value-1' },
      { kind: 'node', original: 'gpu-node-7', pseudonym: 'node-1' },
    ]);
    expect(csv).toBe(
      'kind,original,pseudonym\nqueue,"team ""a"", prod",queue-1\nlabel,"line\nbreak",value-1\nnode,gpu-node-7,node-1\n',
    );
  });

  it("keeps a spreadsheet from running a name as a formula (a leading ')", () => {
    expect(redactionCsv([{ kind: 'label', original: '=1+1', pseudonym: 'value-1' }])).toBe(
      "kind,original,pseudonym\nlabel,'=1+1,value-1\n",
    );
  });
});
