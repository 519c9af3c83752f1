import type { Category } from '@maktaba/shared/schemas/catalogue';
import type { Profile } from '@maktaba/shared/schemas/profile';
import type { Page } from '@playwright/test';
import { createAccount, currentToast, expect, expectFieldError, test } from './auth-fixtures';
import { type Catalogue, fill, openApp, reloadApp } from './fixtures';
import { expectNoAxeViolations } from './support/axe';

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const profileSection = (page: Page, t: Catalogue) => page.getByRole('region', { name: t.settings.sections.profile });
const accountMenu = (page: Page, t: Catalogue) => page.getByRole('button', { name: t.account.menu });
const ownProfile = async (page: Page) => (await (await page.request.get('/api/profiles/me')).json()) as Profile;

test.describe('settings: profile', () => {
  test('edits the name, biography and interests: refused values stay, the save says so and the header follows', async ({
    page,
    t,
    lang,
    account,
  }) => {
    // A whole flow with a reload and an accessibility check: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await createAccount(page.request, account);
    const { categories } = (await (await page.request.get('/api/categories')).json()) as { categories: Category[] };
    const topic = categories.find((category) => category.name_ar && category.name) as Category;
    const topicName = lang === 'ar' ? topic.name_ar : topic.name;

    await openApp(page, '/settings/profile');
    const section = profileSection(page, t);
    const name = section.getByLabel(t.settings.profile.displayName, { exact: true });
    const biography = section.getByRole('textbox', { name: t.settings.profile.biography });
    const save = section.getByRole('button', { name: t.settings.profile.save });
    await expect(name).toHaveValue(account.name);
    await expect(save).toBeDisabled();

    // Too short a name: refused beside the field, nothing sent, what was typed stays.
    await name.fill('Z');
    await biography.fill('Reads tafsir on Fridays.');
    await save.click();
    await expectFieldError(name, t.validation.nameMin);
    await expect(biography).toHaveValue('Reads tafsir on Fridays.');
    await expect(section.getByTestId('biography-counter')).toContainText(
      new Intl.NumberFormat(lang).format('Reads tafsir on Fridays.'.length),
    );

    await name.fill('Zahra Haidari');
    const interests = section.getByRole('group', { name: t.settings.profile.interests });
    await interests.getByRole('searchbox').fill(topicName.slice(0, 4));
    const chip = interests.getByRole('checkbox', { name: topicName, exact: true });
    await chip.focus();
    await page.keyboard.press('Space');
    await expect(chip).toBeChecked();
    await save.click();
    await expect(currentToast(page)).toContainText(t.settings.profile.updated);
    await expect(accountMenu(page, t)).toContainText('Zahra Haidari');
    await expect(accountMenu(page, t)).toContainText('ZH');

    const saved = await ownProfile(page);
    expect(saved).toMatchObject({
      display_name: 'Zahra Haidari',
      biography: 'Reads tafsir on Fridays.',
      interests: [topic.key],
    });
    await reloadApp(page);
    await expect(name).toHaveValue('Zahra Haidari');
    await expect(
      section
        .getByRole('group', { name: t.settings.profile.interests })
        .getByRole('checkbox', { name: topicName, exact: true }),
    ).toBeChecked();
    await expectNoAxeViolations(page);
  });

  test('uploads a picture, refuses a file that is not one, and removes it back to the initials (phone width)', async ({
    page,
    t,
    account,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await createAccount(page.request, { ...account, name: 'Maryam Reader' });
    await openApp(page, '/settings/profile');
    const section = profileSection(page, t);
    await expect(section.getByTestId('profile-initials')).toHaveText('MR');

    // Checked before sending, with the server's own limits.
    await section
      .getByLabel(t.settings.profile.avatar.upload, { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(section.getByRole('alert')).toHaveText(t.settings.profile.avatar.wrongType);

    await section
      .getByLabel(t.settings.profile.avatar.upload, { exact: true })
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(currentToast(page)).toContainText(t.settings.profile.avatar.updated);
    const picture = section.getByRole('img', { name: t.settings.profile.avatar.alt });
    await expect(picture).toBeVisible();
    const { avatar_url } = await ownProfile(page);
    expect(avatar_url).toMatch(/^\/storage\/v1\/object\/public\/avatars\//);
    await expect(picture).toHaveAttribute('src', avatar_url as string);
    await expect(accountMenu(page, t).locator('img')).toHaveAttribute('src', avatar_url as string);
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: t.settings.profile.avatar.remove }).click();
    await expect(section.getByTestId('profile-initials')).toHaveText('MR');
    await expect(accountMenu(page, t)).toContainText('MR');
    expect((await ownProfile(page)).avatar_url).toBeNull();
  });
});

test.describe('settings: address and phone', () => {
  test('changes the phone and the address, shows when the address last changed, and keeps them after a reload', async ({
    page,
    t,
    account,
  }) => {
    test.setTimeout(60_000);
    await createAccount(page.request, account);
    await openApp(page, '/settings/address');
    const section = page.getByRole('region', { name: t.settings.address.title });
    const phone = section.getByLabel(t.auth.completeProfile.phone, { exact: true });
    const city = section.getByLabel(t.auth.completeProfile.city, { exact: true });

    await phone.fill('12');
    await phone.blur();
    await expectFieldError(phone, t.validation.phoneInvalid);
    await phone.fill('+1 313 555 0188');
    await city.fill('Ann Arbor');
    await section.getByRole('button', { name: t.settings.address.save }).click();
    await expect(currentToast(page)).toContainText(t.settings.address.saved);
    const saved = await ownProfile(page);
    expect(saved).toMatchObject({ phone_number: '+13135550188', city: 'Ann Arbor' });
    expect(saved.address_updated_at).not.toBeNull();

    await reloadApp(page);
    await expect(phone).toHaveValue('+13135550188');
    await expect(city).toHaveValue('Ann Arbor');
    const lastChanged = section.getByTestId('address-last-changed');
    await expect(lastChanged).toContainText(
      fill(t.settings.address.lastChanged, { date: '' })
        .replace(/<\/?time>/g, '')
        .trim(),
    );
    await expect(lastChanged.locator('time')).toHaveAttribute('datetime', saved.address_updated_at as string);
    // No request or parcel on its way: no note about the next shipment.
    await expect(section.getByTestId('address-open-shipment')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
