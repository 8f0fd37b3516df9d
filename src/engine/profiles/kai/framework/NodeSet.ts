/**
 * A set of node positions (indexes into the session's name-ordered node list) as a two-level bit set:
 * adding or removing a node is O(1), and visiting the members in node order costs O(members) plus one
 * word per 1,024 nodes. Placement walks these instead of every node of the cluster (see FreeNodeIndex).
 */
const NO_SETS: readonly NodeSet[] = [];

export class NodeSet {
  private readonly words: Uint32Array;
  /** Bit w set iff words[w] is non-zero. */
  private readonly summary: Uint32Array;
  size = 0;

  constructor(capacity: number) {
    this.words = new Uint32Array(Math.ceil(capacity / 32) || 1);
    this.summary = new Uint32Array(Math.ceil(this.words.length / 32) || 1);
  }

  has(i: number): boolean {
    return ((this.words[i >>> 5] as number) & (1 << (i & 31))) !== 0;
  }

  add(i: number): void {
    const w = i >>> 5;
    const word = this.words[w] as number;
    const bit = 1 << (i & 31);
    if ((word & bit) !== 0) return;
    this.words[w] = word | bit;
    this.summary[w >>> 5] = (this.summary[w >>> 5] as number) | (1 << (w & 31));
    this.size++;
  }

  delete(i: number): void {
    const w = i >>> 5;
    const word = this.words[w] as number;
    const bit = 1 << (i & 31);
    if ((word & bit) === 0) return;
    const next = word & ~bit;
    this.words[w] = next;
    if (next === 0) this.summary[w >>> 5] = (this.summary[w >>> 5] as number) & ~(1 << (w & 31));
    this.size--;
  }

  /** Calls `visit` for each member in increasing order. The set must not change during the walk. */
  forEach(visit: (i: number) => void): void {
    this.forEachAlsoIn(NO_SETS, visit);
  }

  /**
   * Calls `visit`, in increasing order, for each member that is also in every set of `others` (of the same
   * capacity): a word of 32 nodes at a time, so nodes outside the intersection cost nothing. No set may
   * change during the walk.
   */
  forEachAlsoIn(others: readonly NodeSet[], visit: (i: number) => void): void {
    for (let s = 0; s < this.summary.length; s++) {
      let sbits = this.summary[s] as number;
      while (sbits !== 0) {
        const sb = 31 - Math.clz32(sbits & -sbits);
        sbits &= sbits - 1;
        const w = (s << 5) + sb;
        let bits = this.words[w] as number;
        for (let o = 0; o < others.length && bits !== 0; o++)
          bits &= (others[o] as NodeSet).words[w] as number;
        while (bits !== 0) {
          const b = 31 - Math.clz32(bits & -bits);
          bits &= bits - 1;
          visit((w << 5) + b);
        }
      }
    }
  }
}
