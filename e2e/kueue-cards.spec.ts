/**
 * Kueue's queue cards read in full at 1280x720 and 1920x1080 (issue 22: "borrowed 6 G…" and "lendable 2 G…"
 * were cut on the stage): every badge's text is whole and drawn inside its box and its card. With fair
 * sharing on (kueue-2) each ClusterQueue shows the share the engine computed and its weight; with it off
 * (kueue-1) neither, and the legend says why (decision 0313).
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures/viewsFixtures';

/**
 * Every badge of `tree`: its text as read, and whether each drawn line fits inside its box and the box
 * inside its card (SVG text has no scrollWidth: the drawn boxes are compared on screen).
 */
async function badgesOf(tree: Locator): Promise<{ queue: string; text: string; fits: boolean }[]> {
  return tree.locator('[role="treeitem"][data-queue]').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const cardBox = card.querySelector(':scope > rect')?.getBoundingClientRect();
      return Array.from(card.querySelectorAll('[data-testid="queue-card.badge"]'), (badge) => {
        const box = badge.querySelector('rect')?.getBoundingClientRect();
        const text = badge.querySelector('text');
        const parts = text?.querySelectorAll('tspan').length ? text.querySelectorAll('tspan') : [text];
        // A line is inside its box across (the cut this spec is about), and its middle is inside it up and
        // down (a text's own box is an em box, taller than its glyphs). The box is inside its card.
        const across = (a: DOMRect | undefined, b: DOMRect | undefined) =>
          a !== undefined && b !== undefined && a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
        const line = (a: DOMRect | undefined, b: DOMRect | undefined) =>
          across(a, b) &&
          a !== undefined &&
          b !== undefined &&
          (a.top + a.bottom) / 2 > b.top &&
          (a.top + a.bottom) / 2 < b.bottom;
        const within = (a: DOMRect | undefined, b: DOMRect | undefined) =>
          across(a, b) &&
          a !== undefined &&
          b !== undefined &&
          a.top >= b.top - 0.5 &&
          a.bottom <= b.bottom + 0.5;
        const fits =
          within(box, cardBox) &&
          Array.from(parts, (p) => line(p?.getBoundingClientRect(), box)).every(Boolean);
        return { queue: card.getAttribute('data-queue') ?? '', text: text?.textContent ?? '', fits };
      });
    }),
  );
}

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`kueue-2 at ${width}x${height}: every badge reads in full, with the share and the weight`, async ({
    app,
    page,
    queueTree,
  }) => {
    await page.setViewportSize({ width, height });
    // The lesson's stage (compact cards), as the class sees it, then the Queue tree tab.
    await app.open('?scenario=kueue-2&session=1&view=stage', 30_000);
    const expected = [
      { queue: 'speech', text: 'borrowed 6 GPU', fits: true },
      { queue: 'speech', text: 'share 0.75', fits: true },
      { queue: 'speech', text: 'weight 1', fits: true },
      { queue: 'vision', text: 'lendable 2 GPU', fits: true },
      { queue: 'vision', text: 'share 0', fits: true },
      { queue: 'vision', text: 'weight 2', fits: true },
    ];
    await expect.poll(() => badgesOf(queueTree.panel)).toEqual(expected);
    await queueTree.tab.click();
    await expect.poll(() => badgesOf(queueTree.panel)).toEqual(expected);
    const legend = queueTree.panel.getByTestId('queue-tree.legend');
    await expect(legend).toContainText('share: borrowed ÷ cohort lendable ÷ weight');
    await expect(legend).toContainText('fair-sharing weight (shown only with fair sharing on)');
    // The inspector says the same figures in words.
    await queueTree.card('vision').click();
    await expect(page.getByTestId('inspector.queue.weight')).toHaveText('Fair-sharing weight: 2');
  });
}

test('kueue-1 (fair sharing off): no weight and no share on the cards or in the legend', async ({
  app,
  page,
  queueTree,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open('?scenario=kueue-1&session=1&view=stage', 30_000);
  await expect
    .poll(() => badgesOf(queueTree.panel))
    .toEqual([
      { queue: 'prod', text: 'lendable 4 GPU', fits: true },
      { queue: 'research', text: 'borrowed 4 GPU', fits: true },
    ]);
  await queueTree.tab.click();
  const legend = queueTree.panel.getByTestId('queue-tree.legend');
  await expect(legend).toContainText('borrowed from the cohort');
  await expect(legend).not.toContainText('weight');
  await expect(legend).not.toContainText('share');
});
