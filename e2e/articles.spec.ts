import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test as authTest, currentToast, expect, expectFieldError, randomClientIp } from './auth-fixtures';
import { type Catalogue, dirOf, fill, type Lang, openApp, storedLanguage } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { E2E_BASE_URL } from './support/e2e-env';

/**
 * Articles: a librarian writes an article in both languages, previews it (rendered by the server,
 * sanitised) and publishes it; a visitor reads it and switches to the other language version. A
 * reader finds a published article by an Arabic search without vowel marks and by its topic; a
 * draft is never listed. Axe on the list, the article page and the editor.
 */

const test = authTest;

/** A word of random Arabic letters (none that the search folds into another), and the same with vowel marks. */
function arabicWord(): { plain: string; vowelled: string } {
  const letters = 'بتثجحخدذرزسشصضطظعغفقكلمن';
  const plain = Array.from({ length: 6 }, () => letters[randomInt(letters.length)]).join('');
  return { plain, vowelled: [...plain].map((letter, index) => letter + (index % 2 ? '\u064F' : '\u064E')).join('') };
}

type Category = { id: string; name: string; name_ar: string };

async function firstCategory(page: Page): Promise<Category> {
  const response = await page.request.get('/api/categories');
  expect(response.status()).toBe(200);
  const { categories } = (await response.json()) as { categories: Category[] };
  const category = categories[0];
  if (!category) throw new Error('the demo catalogue has no categories');
  return category;
}

const editorLabel = (t: Catalogue, key: 'title' | 'summary' | 'body', lang: Lang) =>
  fill(t.articles.editor[key], { language: t.articles.languages[lang] });

const articleCard = (page: Page, id: string) => page.locator(`[data-testid="article-card"][data-article-id="${id}"]`);

test.describe('articles', () => {
  test('a librarian writes an article in both languages, previews and publishes it; a visitor reads it and switches the language', async ({
    page,
    browser,
    signInAs,
    lang,
    t,
  }) => {
    test.setTimeout(120_000);
    const tag = randomUUID().slice(0, 8);
    const titles = { en: `Reading with patience ${tag}`, ar: `القراءة بصبر ${tag}` };
    const other: Lang = lang === 'en' ? 'ar' : 'en';
    const category = await firstCategory(page);

    await signInAs('librarian');
    await openApp(page, '/articles');
    await expect(page.getByRole('link', { name: t.articles.list.manage })).toHaveAttribute('href', '/library/articles');
    // The header's link (an empty list offers one too).
    await page.getByRole('link', { name: t.articles.list.write }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: t.articles.editor.newTitle })).toBeVisible();

    // Nothing typed: a title is asked for, nothing is sent.
    await page.getByRole('button', { name: t.articles.editor.saveDraft }).click();
    await expectFieldError(page.getByLabel(editorLabel(t, 'title', lang)), t.articles.validation.titleRequired);

    // The reader's language first; each version in its own tab, the Arabic one right to left.
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([t.articles.languages[lang], t.articles.languages[other]]);
    const bodies = {
      en: [
        '# Why patience',
        '',
        'Reading slowly is a practice:',
        '',
        '- choose one book',
        '- read a chapter a day',
        '',
        'See [the library](https://example.org/library).',
        '',
        '<script>alert("x")</script>',
      ].join('\n'),
      ar: ['# لماذا الصبر', '', 'القراءة المتأنية عادة:', '', '- اختر كتابًا واحدًا', '- اقرأ فصلًا كل يوم'].join('\n'),
    };
    for (const version of [lang, other]) {
      await page.getByRole('tab', { name: t.articles.languages[version] }).click();
      const title = page.getByLabel(editorLabel(t, 'title', version));
      await expect(title).toHaveAttribute('dir', dirOf(version));
      await title.fill(titles[version]);
      await page.getByLabel(editorLabel(t, 'summary', version)).fill(`${titles[version]} — ${tag}`);
      await page.getByLabel(editorLabel(t, 'body', version)).fill(bodies[version]);
    }
    await page.getByRole('searchbox', { name: t.articles.editor.topicsFilter }).fill(category.name);
    await page
      .getByRole('button', {
        name: fill(t.articles.editor.add, { name: lang === 'ar' ? category.name_ar : category.name }),
      })
      .click();

    // The English preview: the server's rendering; the heading renders, the script is text or gone.
    await page.getByRole('tab', { name: t.articles.languages.en }).click();
    await page.getByRole('button', { name: t.articles.editor.preview }).click();
    const preview = page.getByTestId('article-preview-en');
    await expect(preview.getByRole('heading', { level: 2, name: 'Why patience' })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveCount(2);
    await expect(preview.getByRole('link', { name: 'the library' })).toHaveAttribute('rel', /noopener/);
    await expect(preview.locator('script')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.articles.editor.write }).click();

    // Publish: the reader's page of the new article.
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/library/articles' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: t.articles.editor.publish }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await expect(page).toHaveURL(new RegExp(`/articles/${id}$`));
    await expect(currentToast(page)).toContainText(t.articles.editor.done.publish);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[lang]);

    // A visitor, not signed in, reads it in their language and switches to the other version.
    const visitor = await browser.newContext({
      baseURL: E2E_BASE_URL,
      locale: lang === 'ar' ? 'ar' : 'en-US',
      extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
      storageState: storedLanguage(E2E_BASE_URL, lang),
    });
    try {
      const guest = await visitor.newPage();
      await openApp(guest, `/articles/${id}`);
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText(titles[lang]);
      const body = guest.getByTestId('article-body');
      await expect(body).toHaveAttribute('lang', lang);
      await expect(body).toHaveAttribute('dir', dirOf(lang));
      await expect(body.getByRole('heading', { level: 2 })).toHaveText(lang === 'en' ? 'Why patience' : 'لماذا الصبر');
      await expect(body.locator('script')).toHaveCount(0);
      await expect(guest.getByTestId('article-reading-time')).toBeVisible();
      await expect(guest.getByTestId('article-sign-in')).toBeVisible();
      await expectNoAxeViolations(guest);
      await guest.getByRole('button', { name: t.articles.page.readIn[other] }).click();
      await expect(guest.getByRole('heading', { level: 1 })).toHaveText(titles[other]);
      await expect(body).toHaveAttribute('lang', other);
      await expect(body).toHaveAttribute('dir', dirOf(other));
    } finally {
      await visitor.close();
    }
  });

  test('a reader finds a published article by an Arabic search without vowel marks and by its topic; drafts are not listed', async ({
    page,
    adminApi,
    signInAs,
    lang,
    t,
  }) => {
    test.setTimeout(90_000);
    const word = arabicWord();
    const category = await firstCategory(page);
    const create = async (status: 'draft' | 'published', title: string) => {
      const response = await adminApi.post('/api/library/articles', {
        data: {
          title_ar: title,
          summary_ar: `مقالة عن ${word.vowelled}`,
          body_ar: `نص المقالة ${word.vowelled}`,
          topic_ids: [category.id],
          status,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const published = await create('published', `مقالة منشورة ${word.vowelled}`);
    const draft = await create('draft', `مسودة ${word.vowelled}`);

    await signInAs('patron');
    await openApp(page, '/articles');
    await expect(page.getByRole('heading', { level: 1, name: t.articles.list.title })).toBeVisible();
    await expect(page.getByRole('link', { name: t.articles.list.write })).toHaveCount(0);
    await page.getByRole('searchbox', { name: t.articles.list.searchLabel }).fill(word.plain);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word.plain)}`));
    await expect(page.getByTestId('article-card')).toHaveCount(1);
    const card = articleCard(page, published);
    await expect(card).toContainText(word.vowelled);
    await expect(articleCard(page, draft)).toHaveCount(0);
    // An Arabic-only article in English carries its language tag.
    if (lang === 'en') await expect(card).toContainText(t.articles.languages.ar);
    await expectNoAxeViolations(page);

    // Its topic, as a chip with a count, filters the list (kept in the address) and finds it too.
    await page.getByRole('searchbox', { name: t.articles.list.searchLabel }).fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    const chip = page.locator(`button[data-topic-id="${category.id}"]`);
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]topic=${category.id}`));
    await expect(articleCard(page, published)).toBeVisible();
    await expect(articleCard(page, draft)).toHaveCount(0);

    // Nothing matches: said so, with a way back.
    await page.getByRole('searchbox', { name: t.articles.list.searchLabel }).fill(`${word.plain}${word.plain}`);
    await expect(page.getByRole('heading', { name: t.articles.list.noMatch.title })).toBeVisible();
    await page.getByRole('button', { name: t.articles.list.clear }).click();
    await expect(page).not.toHaveURL(/[?&](q|topic)=/);
  });
});
