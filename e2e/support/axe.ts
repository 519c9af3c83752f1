import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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
  // Legacy mode runs axe in the page itself. The default opens a blank page to merge the results
  // of every frame: our pages have no frames, and a new page costs seconds of CPU on a small
  // machine (a scan of the home page: about 4.5 s instead of 8.5 s, measured).
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode(true)
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
  expect(summary).toEqual([]);
}
