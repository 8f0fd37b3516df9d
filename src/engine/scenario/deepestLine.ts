/**
 * Where a document nests deepest, found in one pass over the text, for the error that reports nesting the
 * YAML reader could not follow (its recursion overflows before any position is known). The depth is an
 * estimate: open flow brackets outside quotes, plus block levels (a stack of indentations), plus the
 * `- ` markers that open a sequence inside a sequence on one line. It only chooses the line shown.
 */
export function deepestLine(text: string, limit: number): number {
  let flow = 0;
  let bestLine = 1;
  let best = -1;
  const indents: number[] = [];
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    let i = 0;
    while (i < line.length && line[i] === ' ') i++;
    if (flow === 0 && i < line.length && line[i] !== '#') {
      while (indents.length > 0 && (indents[indents.length - 1] as number) >= i) indents.pop();
      indents.push(i);
    }
    let dashes = 0;
    while (line.startsWith('- ', i + dashes * 2)) dashes++;
    let quote: string | null = null;
    let deepestHere = flow;
    for (let j = i; j < line.length; j++) {
      const c = line[j];
      if (quote !== null) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '#' && (j === 0 || line[j - 1] === ' ')) break;
      else if (c === '[' || c === '{') deepestHere = Math.max(deepestHere, ++flow);
      else if ((c === ']' || c === '}') && flow > 0) flow--;
    }
    const depth = indents.length + dashes + deepestHere;
    if (depth > limit) return lineNo;
    if (depth > best) {
      best = depth;
      bestLine = lineNo;
    }
  }
  return bestLine;
}
