import { expect, type Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2.1 A and AA, violations only. Passing checks are counted, not listed node by node: listing
 * them (every text node the contrast rule passed, with its markup) and carrying them back to the
 * test cost more than the rules themselves, and a test reads only the violations.
 */
const OPTIONS: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };

type AxeWindow = { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

/**
 * axe-core itself, run in the page: its source goes in once per document, however many states of
 * that document a test scans. (The Playwright wrapper sends the 650 kB source twice on every scan and
 * opens a blank page to merge the results of frames, which our pages do not have; on a two-core
 * machine a home page scan cost about 2.2 s of CPU with it and 0.85 s like this, measured.)
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate((options) => {
    const { axe: inPage } = window as unknown as AxeWindow;
    if (!inPage) throw new Error('axe-core did not load into the page');
    return inPage.run(document, options);
  }, OPTIONS);
}

/** Runs axe (WCAG 2.1 A and AA) on the page as it is now and reports each violation with its elements. */
export async function expectNoAxeViolations(page: Page) {
  // Measure colours at rest: half-way through a fade-in, text is paler than it will be. Reduced
  // motion for the scan, so nothing starts fading while it runs (a quote rotating in, on a busy
  // machine where a scan takes seconds); the page's own setting comes back afterwards.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const { violations } = await runAxe(page).finally(() => page.emulateMedia({ reducedMotion: null }));
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
  expect(summary).toEqual([]);
}
