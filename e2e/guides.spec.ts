import type { Shelf } from '@maktaba/shared/schemas/catalogue';
import type { Page } from '@playwright/test';
import { currentToast, expect, test } from './auth-fixtures';
import { fill, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { titleIn } from './support/catalogue';

/** A number as the page writes it (the reader's digits). */
const inPageDigits = (page: Page, value: number) =>
  page.evaluate((n) => new Intl.NumberFormat(document.documentElement.lang).format(n), value);

test.describe('study guides', () => {
  test('a librarian publishes a three-step guide; a reader follows it, marks two steps, resumes at the third and finds it in My Imam', async ({
    page,
    lang,
    t,
    signInAs,
  }) => {
    test.setTimeout(240_000);
    const shelf = (await (await page.request.get('/api/shelves/recent?p_limit=40')).json()) as Shelf;
    // Three books with distinct titles in the page's language, so each is found by its title.
    const seen = new Set<string>();
    const books = shelf.books.filter((book) => {
      const title = titleIn(book, lang);
      if (title.length < 4 || seen.has(title)) return false;
      seen.add(title);
      return true;
    });
    const chosen = books.slice(0, 3);
    expect(chosen).toHaveLength(3);
    const titles = chosen.map((book) => titleIn(book, lang));
    const name = lang === 'ar' ? `طريق المبتدئ ${Date.now()}` : `A beginner's path ${Date.now()}`;

    // The librarian writes the guide: title, level, three books found by their titles, a note.
    await signInAs('librarian');
    await openApp(page, '/library/guides/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.guides.editor.newTitle);
    await page.getByLabel(lang === 'ar' ? t.guides.editor.titleAr : t.guides.editor.titleEn).fill(name);
    await page.getByLabel(t.guides.editor.level).selectOption('introductory');
    for (const title of titles) {
      await page.getByLabel(t.guides.editor.addStep).fill(title);
      await page.getByTestId('book-option').filter({ hasText: title }).first().click();
    }
    await expect(page.getByTestId('step-draft-title')).toHaveText(titles);
    await page
      .locator(`[id$="-note-${lang}"]`)
      .first()
      .fill(lang === 'ar' ? 'ابدأ من هنا' : 'Start here');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.guides.editor.publish }).click();
    await expect(currentToast(page)).toHaveText(t.guides.editor.done.publish);
    await expect(page).toHaveURL(/\/guides\/[0-9a-f-]{36}$/);
    const guideUrl = new URL(page.url()).pathname;

    // A reader finds it in the list, with its level and steps.
    // Leave the page first: signed out under it, its queries would ask again.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signInAs('patron');
    await openApp(page, '/guides');
    await page.getByLabel(t.guides.list.searchLabel).fill(name);
    const card = page.getByTestId('guide-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(t.catalogue.difficulties.introductory);
    await expectNoAxeViolations(page);
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${guideUrl}$`));

    // The guide: the steps in order with the note; follow, mark two steps done.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const steps = page.getByTestId('guide-step');
    await expect(steps).toHaveCount(3);
    await expect(steps.first().getByTestId('step-note')).toHaveText(lang === 'ar' ? 'ابدأ من هنا' : 'Start here');
    await page.getByRole('button', { name: t.guides.guide.follow }).click();
    await expect(currentToast(page)).toHaveText(t.guides.guide.followed);
    await expect(page.getByRole('button', { name: t.guides.guide.unfollow })).toBeVisible();
    for (const index of [0, 1]) {
      const box = steps.nth(index).getByRole('checkbox');
      await box.check();
      await expect(box).toBeChecked();
      await expect(steps.nth(index)).toHaveAttribute('data-done', 'true');
    }
    const [two, three] = [await inPageDigits(page, 2), await inPageDigits(page, 3)];
    const progressText = fill(t.guides.progress.status, { done: two, total: three });
    await expect(page.getByTestId('guide-progress-text')).toHaveText(progressText);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');

    // Resume points at the third step and takes the focus there.
    const resume = page.getByTestId('guide-resume');
    await expect(resume).toHaveText(fill(t.guides.guide.resume, { number: three }));
    await resume.click();
    await expect(steps.nth(2)).toBeFocused();
    await expect(steps.nth(2)).toHaveAttribute('data-done', 'false');
    await expectNoAxeViolations(page);

    // My Imam: the guide in progress with "2 of 3" and a Resume link to the third step.
    await openApp(page, '/myimam');
    const section = page.getByRole('region', { name: t.guides.myImam.title });
    const entry = section.getByTestId('my-imam-guide').filter({ hasText: name });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByTestId('guide-progress-text')).toHaveText(progressText);
    await expectNoAxeViolations(page);
    await entry.getByRole('link', { name: fill(t.guides.myImam.resumeFor, { title: name }) }).click();
    await expect(page).toHaveURL(new RegExp(`${guideUrl}#step-`));
    await expect(steps.nth(2)).toBeFocused();
  });
});
