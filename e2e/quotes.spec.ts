import { randomInt, randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { type Account, test as authTest, createAccount, currentToast, expect, expectFieldError } from './auth-fixtures';
import { type Catalogue, catalogues, type Lang, openApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

/**
 * Quotes and Wisdom: a reader contributes a saying, a librarian approves it or returns it with a
 * note from /library/quotes, the reader hears of it and finds it, by an Arabic search without
 * vowel marks, or edits and sends it again. Axe on /quotes, /quotes/{id} and /library/quotes.
 */

const test = authTest.extend<{
  /** A fresh reader for this test, signed in on the page; `signInAgain` comes back to them. */
  reader: Account & { signInAgain: () => Promise<void> };
}>({
  reader: async ({ page, account }, use) => {
    await createAccount(page.request, account);
    await use({
      ...account,
      signInAgain: async () => {
        const response = await page.request.post('/api/auth/sign-in', {
          data: { email: account.email, password: account.password },
        });
        expect(response.status(), await response.text()).toBe(200);
      },
    });
  },
});

/** A word of random Arabic letters (none that the search folds into another), and the same with vowel marks. */
function arabicWord(): { plain: string; vowelled: string } {
  const letters = 'بتثجحخدذرزسشصضطظعغفقكلمن';
  const plain = Array.from({ length: 6 }, () => letters[randomInt(letters.length)]).join('');
  return { plain, vowelled: [...plain].map((letter, index) => letter + (index % 2 ? '\u064F' : '\u064E')).join('') };
}

const reviewItem = (page: Page, id: string) => page.locator(`[data-testid="review-item"][data-quote-id="${id}"]`);
const quoteCard = (page: Page, id: string) => page.locator(`[data-testid="quote-card"][data-quote-id="${id}"]`);
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Notifications|الإشعارات)/ });

/** The review's notification is in the reader's language: either catalogue's title. */
const titleOf = (key: 'approvedTitle' | 'returnedTitle') =>
  new RegExp(`^(${catalogues.en.quotes.notifications[key]}|${catalogues.ar.quotes.notifications[key]})$`);

async function fillText(field: Locator, text: string) {
  await field.fill(text);
  await expect(field).toHaveValue(text);
}

/** Sends a contribution through the form and answers the new quote's id. */
async function contribute(page: Page, t: Catalogue, lang: Lang, texts: { ar: string; en: string; speaker: string }) {
  await page.getByRole('button', { name: t.quotes.contribute.open }).first().click();
  const dialog = page.getByRole('dialog', { name: t.quotes.contribute.title });
  await expect(dialog).toBeVisible();
  const first = dialog.getByLabel(t.quotes.form[lang === 'ar' ? 'textAr' : 'textEn'], { exact: true });
  // Neither text: said on the first one, nothing sent.
  await dialog.getByRole('button', { name: t.quotes.form.submit }).click();
  await expectFieldError(first, t.quotes.validation.textRequired);
  await fillText(dialog.getByLabel(t.quotes.form.textAr, { exact: true }), texts.ar);
  await fillText(dialog.getByLabel(t.quotes.form.textEn, { exact: true }), texts.en);
  await dialog.getByLabel(t.quotes.form.speakerEn).fill(texts.speaker);
  await dialog.getByLabel(t.quotes.form.url).fill('https://example.org/sayings/1');
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/quotes' && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: t.quotes.form.submit }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(currentToast(page)).toContainText(t.quotes.form.submitted);
  return ((await response.json()) as { id: string }).id;
}

test.describe('quotes and wisdom', () => {
  test('a reader contributes a quote, a librarian approves it, the reader is notified, saves it and finds it without vowel marks', async ({
    page,
    t,
    lang,
    reader,
    signInAs,
  }) => {
    // A whole flow with three accessibility scans and three sign-ins.
    test.setTimeout(90_000);
    const word = arabicWord();
    const english = `Be for the oppressed a helper ${randomUUID().slice(0, 8)}`;
    await openApp(page, '/quotes');
    await expect(page.getByRole('heading', { level: 1, name: t.quotes.title })).toBeVisible();
    const id = await contribute(page, t, lang, {
      ar: `كُونُوا لِلْمَظْلُومِ عَوْنًا ${word.vowelled}`,
      en: english,
      speaker: 'Imam Ali',
    });
    // Waiting for review, under My contributions; not among the published quotes.
    await expect(page).toHaveURL(/[?&]tab=mine/);
    await expect(page.getByRole('link', { name: t.quotes.tabs.mine })).toHaveAttribute('aria-current', 'page');
    const mine = quoteCard(page, id);
    await expect(mine.getByTestId('quote-status')).toContainText(t.quotes.status.pending);
    await expect(mine.getByTestId('quote-text-ar')).toHaveAttribute('lang', 'ar');
    await expect(mine.getByTestId('quote-text-ar')).toHaveAttribute('dir', 'rtl');
    await expect(mine.getByTestId('quote-text-en')).toHaveText(english);

    // The librarian's queue: approve it.
    await signInAs('librarian');
    await openApp(page, '/library/quotes');
    await expect(page.getByRole('heading', { level: 1, name: t.quotes.review.title })).toBeVisible();
    const item = reviewItem(page, id);
    await expect(item).toContainText(reader.name);
    await expect(item.getByTestId('quote-status')).toContainText(t.quotes.status.pending);
    await expectNoAxeViolations(page);
    await item.getByRole('button', { name: t.quotes.review.approve }).click();
    await expect(currentToast(page)).toContainText(t.quotes.review.approved);
    await expect(item).toHaveCount(0);

    // The reader is told, and the notification opens the quote's own page.
    await reader.signInAgain();
    await openApp(page, '/quotes');
    await expect(page.getByTestId('notification-badge')).toBeVisible();
    await bell(page).click();
    const notification = page.getByRole('dialog', { name: t.notifications.title }).getByRole('link', {
      name: titleOf('approvedTitle'),
    });
    await expect(notification).toHaveAttribute('href', `/quotes/${id}`);
    await notification.click();
    await expect(page).toHaveURL(new RegExp(`/quotes/${id}$`));
    const own = quoteCard(page, id);
    await expect(own.getByTestId('quote-text-en')).toHaveText(english);
    await expectNoAxeViolations(page);
    const save = own.getByRole('button', { name: t.quotes.actions.save });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(own.getByRole('button', { name: t.quotes.actions.saved })).toHaveAttribute('aria-pressed', 'true');
    await expect(currentToast(page)).toContainText(t.quotes.actions.savedToast);

    // Found by its Arabic words typed without vowel marks, and kept under Saved.
    await openApp(page, '/quotes');
    await page.getByRole('searchbox', { name: t.quotes.search.label }).fill(word.plain);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word.plain)}`));
    const results = page.getByTestId('quote-list');
    await expect(results.getByTestId('quote-card')).toHaveCount(1);
    await expect(results.locator(`[data-quote-id="${id}"]`).getByTestId('quote-text-ar')).toContainText(word.vowelled);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: t.quotes.tabs.saved }).click();
    await expect(page.getByTestId('quote-list').locator(`[data-quote-id="${id}"]`)).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('a librarian returns a quote with a note; the reader reads the note, edits the quote and sends it again', async ({
      page,
      t,
      reader,
      signInAs,
    }) => {
      test.setTimeout(60_000);
      const created = await page.request.post('/api/quotes', {
        data: { text_en: `Silence is the garden of thought ${randomUUID().slice(0, 8)}`, speaker_en: 'Imam Ali' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const note = 'Please add the Arabic original and the saying number.';

      await signInAs('librarian');
      await openApp(page, '/library/quotes');
      await reviewItem(page, id).getByRole('button', { name: t.quotes.review.return }).click();
      const dialog = page.getByRole('dialog', { name: t.quotes.review.returnTitle });
      const noteField = dialog.getByLabel(t.quotes.review.note);
      // A note is required.
      await dialog.getByRole('button', { name: t.quotes.review.returnSubmit, exact: true }).click();
      await expectFieldError(noteField, t.quotes.validation.noteRequired);
      await noteField.fill(note);
      await dialog.getByRole('button', { name: t.quotes.review.returnSubmit, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(currentToast(page)).toContainText(t.quotes.review.returned);
      await expect(reviewItem(page, id)).toHaveCount(0);

      // The reader finds the note under My contributions, with the quote returned.
      await reader.signInAgain();
      await openApp(page, '/quotes?tab=mine');
      const card = quoteCard(page, id);
      await expect(card.getByTestId('quote-status')).toContainText(t.quotes.status.returned);
      await expect(card.getByTestId('review-note')).toContainText(t.quotes.reviewNote);
      await expect(card.getByTestId('review-note')).toContainText(note);
      await expectNoAxeViolations(page);

      // Edit: add the Arabic original, then send it for review again.
      await card.getByRole('button', { name: t.quotes.mine.edit }).click();
      const form = page.getByRole('dialog', { name: t.quotes.contribute.editTitle });
      await fillText(form.getByLabel(t.quotes.form.textAr, { exact: true }), 'الصَّمْتُ رَوْضَةُ الفِكْرِ');
      await form.getByLabel(t.quotes.form.reference).fill('Saying 11');
      await form.getByRole('button', { name: t.quotes.form.submit }).click();
      await expect(form).toBeHidden();
      await expect(currentToast(page)).toContainText(t.quotes.form.submitted);
      await expect(card.getByTestId('quote-status')).toContainText(t.quotes.status.pending);
      await expect(card.getByTestId('review-note')).toHaveCount(0);
      await expect(card.getByTestId('quote-text-ar')).toHaveText('الصَّمْتُ رَوْضَةُ الفِكْرِ');

      // Back in the librarian's queue, waiting for review again.
      await signInAs('librarian');
      await openApp(page, '/library/quotes');
      await expect(reviewItem(page, id)).toContainText('Saying 11');
    });
  });
});
