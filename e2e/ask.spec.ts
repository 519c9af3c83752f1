import { randomInt, randomUUID } from 'node:crypto';
import { createAccount, currentToast, expect, randomClientIp, test } from './auth-fixtures';
import { catalogues, fill, openApp, storedLanguage } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { demoBook, titleIn } from './support/catalogue';
import { E2E_BASE_URL } from './support/e2e-env';

/**
 * Ask a Librarian: a reader asks a question (agreeing to the FAQ) on /ask_test and lands on its
 * conversation in /ask, where the footer is hidden; a librarian, in a browser of their own, takes
 * it from the queue and answers with a catalogue book; the reader's page shows the live
 * notification and the answer without reloading, and the reader resolves it. The librarian then
 * publishes it to the FAQ and the reader finds it by a search. Axe on the four pages.
 */

/** The answer's notification is in the reader's language: either catalogue's title. */
const answeredTitle = new RegExp(
  `^(${catalogues.en.questions.notify.answeredTitle}|${catalogues.ar.questions.notify.answeredTitle})$`,
);

/** A word nothing else in the FAQ contains, so the search finds this question alone. */
const uniqueWord = () =>
  Array.from({ length: 8 }, () => 'bcdfghjklmnpqrstvwz'[randomInt(19)]).join('') + randomUUID().slice(0, 4);

test.describe('Ask a Librarian', () => {
  test('a reader asks, a librarian answers with a book, the reader sees it live, resolves it and finds it in the FAQ', async ({
    page,
    browser,
    account,
    roleAccount,
    lang,
    t,
  }) => {
    test.slow();
    await createAccount(page.request, account);
    const book = await demoBook(page.request);
    const word = uniqueWord();
    const subject = `${t.ask.title} ${word}`;
    const body = `Which commentary of ${word} should I read first?\nThe short one, please.`;
    const answer = `Start with this one, ${word}.\nThen the second volume.`;

    // The page says who answers and how soon, and how many questions are left today.
    await openApp(page, '/ask_test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.ask.title);
    await expect(page.getByTestId('ask-who')).toContainText(t.ask.intro.people);
    await expect(page.getByTestId('ask-response-time')).toBeVisible();
    await expect(page.getByTestId('ask-left')).toBeVisible();
    const form = page.getByTestId('ask-form');
    // Too short: said on the field, nothing sent, nothing lost.
    await form.getByLabel(t.ask.form.subject, { exact: true }).fill('ab');
    await form.getByRole('button', { name: t.ask.form.send }).click();
    await expect(form.getByLabel(t.ask.form.subject, { exact: true })).toHaveAccessibleDescription(
      new RegExp(`^${t.questions.validation.subjectTooShort.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    await expect(form.getByLabel(t.ask.form.body, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await form.getByLabel(t.ask.form.subject, { exact: true }).fill(subject);
    await form.getByLabel(t.ask.form.body, { exact: true }).fill(body);
    await form.getByLabel(t.ask.form.consent).check();
    await form.getByRole('button', { name: t.ask.form.send }).click();

    // The conversation: the question as written (the markup as text), no footer.
    await expect(page).toHaveURL(/\/ask\?question=[0-9a-f-]{36}$/);
    const questionId = new URL(page.url()).searchParams.get('question') ?? '';
    const thread = page.getByTestId('reader-thread');
    await expect(thread.getByTestId('thread-subject')).toHaveText(subject);
    await expect(thread.getByTestId('message-body')).toHaveText(body);
    await expect(thread.getByTestId('question-status')).toHaveAttribute('data-status', 'new');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A librarian, in a browser of their own, takes it from the queue and answers with the book.
    const librarian = await roleAccount('librarian');
    const staffContext = await browser.newContext({
      baseURL: E2E_BASE_URL,
      locale: lang === 'ar' ? 'ar' : 'en-US',
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
      storageState: storedLanguage(E2E_BASE_URL, lang),
    });
    try {
      const staff = await staffContext.newPage();
      const signIn = await staff.request.post('/api/auth/sign-in', {
        data: { email: librarian.email, password: librarian.password },
      });
      expect(signIn.status(), await signIn.text()).toBe(200);
      await openApp(staff, '/library/questions');
      await expect(staff.getByRole('heading', { level: 1 })).toHaveText(t.ask.queue.title);
      await staff.getByRole('button', { name: fill(t.ask.staff.assignToMeFor, { subject }) }).click();
      await expect(currentToast(staff)).toHaveText(t.ask.staff.assigned);
      await expectNoAxeViolations(staff);
      await staff.getByTestId(`queue-tab-mine`).click();
      await staff.getByRole('link', { name: subject }).click();

      const staffThread = staff.getByTestId('staff-thread');
      await expect(staffThread.getByTestId('message-body')).toHaveText(body);
      await expect(staffThread.getByTestId('assignee')).toContainText(t.ask.staff.assignedTo);
      await staffThread.getByLabel(t.ask.staff.answer, { exact: true }).fill(answer);
      const title = titleIn(book, lang);
      await staffThread.getByLabel(new RegExp(`^${t.ask.staff.books}`)).fill(title.slice(0, 6));
      await staffThread.getByRole('list', { name: t.ask.books.results }).getByRole('button').first().click();
      await expect(staffThread.getByRole('list', { name: t.ask.books.chosen }).getByRole('button')).toHaveCount(1);
      await staffThread.getByRole('button', { name: t.ask.staff.sendAnswer }).click();
      // The reader's page: the live notification (a toast for 5 s), then the answer with its book card, unreloaded.
      await expect(currentToast(page).getByText(answeredTitle)).toBeVisible();
      await expect(staffThread.getByTestId('thread-message')).toHaveCount(2);
      await expectNoAxeViolations(staff);

      const reply = thread.locator('[data-testid="thread-message"][data-from="staff"]');
      await expect(reply.getByTestId('message-body')).toHaveText(answer);
      await expect(reply.getByTestId('thread-book')).toHaveAttribute('href', /^\/book\/[0-9a-f-]{36}$/);
      await expect(thread.getByTestId('question-status')).toHaveAttribute('data-status', 'answered');
      await thread.getByRole('button', { name: t.ask.thread.resolve }).click();
      await expect(thread.getByTestId('question-status')).toHaveAttribute('data-status', 'resolved');
      await expect(thread.getByLabel(t.ask.thread.reply, { exact: true })).toHaveCount(0);
      await expect(thread.getByRole('button', { name: t.ask.thread.reopen })).toBeVisible();

      // The librarian publishes it (the reader agreed), starting from the thread's texts.
      await staff.reload();
      await staff.getByTestId('publish-faq').click();
      const dialog = staff.getByRole('dialog', { name: t.ask.publish.title });
      await expect(dialog.getByText(t.ask.publish.anonymise)).toBeVisible();
      // Prefilled in the language the reader asked in.
      const texts = () =>
        dialog.locator('textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLTextAreaElement).value));
      await expect.poll(texts).toContain(body);
      expect(await texts()).toContain(answer);
      await dialog.getByRole('button', { name: t.ask.publish.submit }).click();
      await expect(staff.getByTestId('faq-published')).toBeVisible();
    } finally {
      await staffContext.close();
    }

    // The reader finds it in the FAQ by its word.
    await openApp(page, '/ask_test');
    await page.getByLabel(t.ask.faq.search).fill(word);
    const entry = page.getByTestId('faq-entry');
    await expect(entry).toHaveCount(1);
    await entry.locator('summary').click();
    await expect(entry.getByTestId('faq-answer')).toHaveText(answer);
    expect(questionId).not.toBe('');
  });
});
