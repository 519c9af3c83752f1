import {
  createAccount,
  currentToast,
  expect,
  expectFieldError,
  fillAddress,
  fillRegisterStepOne,
  portal,
  test,
  watchRequests,
} from './auth-fixtures';
import { openApp, reloadApp } from './fixtures';

test.describe('registration', () => {
  // Registration must stay open while these run (the system settings test closes it for a while).
  test.beforeEach(({ registrationOpen: _open }) => {});

  test('both steps from a guarded page: signed in and back on that page', async ({ page, t, account }) => {
    await openApp(page, '/myimam');
    await expect(page).toHaveURL(`/signin?returnUrl=${encodeURIComponent('/myimam')}`);
    await portal(page).getByRole('button', { name: t.auth.welcome.createAccount, exact: true }).click();
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.register.title);

    await fillRegisterStepOne(page, t, account);
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await expect(currentToast(page)).toContainText(t.auth.toasts.accountInfoSaved);
    await expect(currentToast(page)).toContainText(t.auth.toasts.addShippingAddress);
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.completeProfile.title);
    const country = portal(page).getByLabel(t.auth.completeProfile.country, { exact: true });
    await expect(country).toHaveValue('US');
    await expect(country.locator('option')).toHaveText([t.countries.US, t.countries.CA]);

    await fillAddress(page, t);
    await portal(page).getByRole('button', { name: t.auth.completeProfile.submit, exact: true }).click();
    await expect(page).toHaveURL('/myimam');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.myImam);
    await expect(currentToast(page)).toContainText(t.auth.toasts.signUpSuccessful);
    await expect(currentToast(page)).toContainText(t.auth.toasts.checkEmailForVerification);
    // The header now holds the account menu with the new user's name.
    await expect(page.getByRole('banner').getByRole('button', { name: account.name })).toBeVisible();

    // The account exists with the address, the phone in international form and the draft gone.
    const state = await (await page.request.get('/api/auth/session')).json();
    expect(state.user.email).toBe(account.email);
    expect(state.profile).toMatchObject({
      display_name: account.name,
      phone_number: '+12025550143',
      city: 'Dearborn',
      country: 'United States',
      registration_completed: true,
    });
    expect(await page.evaluate(() => localStorage.getItem('maktaba.register-draft.v1'))).toBeNull();
  });

  test('step 1 shows every validation message on blur', async ({ page, t }) => {
    await openApp(page, '/signup');
    const form = portal(page);
    const email = form.getByLabel(t.auth.register.email, { exact: true });
    const name = form.getByLabel(t.auth.register.name);
    const password = form.getByLabel(t.auth.register.password, { exact: true });
    const confirm = form.getByLabel(t.auth.register.confirmPassword, { exact: true });

    await email.focus();
    await email.blur();
    await expectFieldError(email, t.validation.emailRequired);
    await email.fill('not-an-email');
    await email.blur();
    await expectFieldError(email, t.validation.emailInvalid);

    await name.fill('A');
    await name.blur();
    await expectFieldError(name, t.validation.nameMin);

    await password.fill('abc1');
    await password.blur();
    await expectFieldError(password, t.validation.passwordMin8);
    await password.fill('abcdefgh');
    await password.blur();
    await expectFieldError(password, t.validation.passwordNumber);
    await password.fill('12345678');
    await password.blur();
    await expectFieldError(password, t.validation.passwordLetter);

    await password.fill('abcd1234');
    await confirm.fill('abcd12345');
    await confirm.blur();
    await expectFieldError(confirm, t.validation.passwordsMismatch);

    // Values stay where they were typed.
    await expect(email).toHaveValue('not-an-email');
    await expect(name).toHaveValue('A');
    // Email, phone and password inputs read left to right in both languages; names follow their text.
    await expect(email).toHaveAttribute('dir', 'ltr');
    await expect(password).toHaveAttribute('dir', 'ltr');
    await expect(name).toHaveAttribute('dir', 'auto');
  });

  test('a corrected password clears "Passwords do not match" at once, and one click continues', async ({
    page,
    t,
    account,
  }) => {
    await openApp(page, '/signup');
    const form = portal(page);
    const password = form.getByLabel(t.auth.register.password, { exact: true });
    const confirm = form.getByLabel(t.auth.register.confirmPassword, { exact: true });
    await form.getByLabel(t.auth.register.email, { exact: true }).fill(account.email);
    await password.fill(`${account.password}x`);
    await confirm.fill(account.password);
    await confirm.blur();
    await expectFieldError(confirm, t.validation.passwordsMismatch);

    // The password is corrected: the confirmation matches again, and says so before any click.
    await password.fill(account.password);
    await expect(confirm).not.toHaveAttribute('aria-invalid');
    await expect(form.getByText(t.validation.passwordsMismatch)).toHaveCount(0);

    // A single click on "Create account" moves on to the address.
    await form.getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await expect(form.getByRole('heading', { level: 1 })).toHaveText(t.auth.completeProfile.title);
  });

  test('step 2 shows every validation message on blur', async ({ page, t, account }) => {
    await openApp(page, '/register');
    await fillRegisterStepOne(page, t, account);
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    const form = portal(page);
    const labels = t.auth.completeProfile;
    const phone = form.getByLabel(labels.phone, { exact: true });
    await expect(phone).toHaveAttribute('dir', 'ltr');

    const required: [string, string][] = [
      [labels.phone, t.validation.phoneRequired],
      [labels.addressLine1, t.validation.streetRequired],
      [labels.city, t.validation.cityRequired],
      [labels.state, t.validation.stateRequired],
      [labels.postal, t.validation.postalRequired],
    ];
    for (const [label, message] of required) {
      const field = form.getByLabel(label, { exact: true });
      await field.focus();
      await field.blur();
      await expectFieldError(field, message);
    }
    await phone.fill('12345');
    await phone.blur();
    await expectFieldError(phone, t.validation.phoneInvalid);

    // A valid number without + is read as a US number and shown in international form.
    await phone.fill('2025550143');
    await phone.blur();
    await expect(phone).toHaveValue('+1 202 555 0143');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    // Address line 2 is optional.
    const line2 = form.getByLabel(labels.addressLine2);
    await line2.focus();
    await line2.blur();
    await expect(line2).not.toHaveAttribute('aria-invalid');
  });

  test('a filled honeypot stops step 1 with "Form error" and sends nothing', async ({ page, t, account }) => {
    const requests = watchRequests(page, ['/api/auth/sign-up', '/api/auth/security-check']);
    await openApp(page, '/signup');
    await fillRegisterStepOne(page, t, account);
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await trap.fill('https://spam.example', { force: true });
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await expect(currentToast(page)).toContainText(t.auth.toasts.formError);
    await expect(currentToast(page)).toContainText(t.auth.toasts.invalidSubmission);
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.register.title);
    expect(requests).toEqual([]);
  });

  test('a reload on step 2 goes back to step 1 with email and name, without passwords', async ({
    page,
    t,
    account,
  }) => {
    await openApp(page, '/signup');
    await fillRegisterStepOne(page, t, account);
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await expect(portal(page).getByRole('heading', { level: 1 })).toHaveText(t.auth.completeProfile.title);
    const stored = await page.evaluate(() => localStorage.getItem('maktaba.register-draft.v1'));
    expect(stored).toContain(account.email);
    expect(stored).not.toContain(account.password);

    await reloadApp(page);
    const form = portal(page);
    await expect(form.getByRole('heading', { level: 1 })).toHaveText(t.auth.register.title);
    await expect(form.getByLabel(t.auth.register.email, { exact: true })).toHaveValue(account.email);
    await expect(form.getByLabel(t.auth.register.name)).toHaveValue(account.name);
    await expect(form.getByLabel(t.auth.register.password, { exact: true })).toHaveValue('');
    await expect(form.getByLabel(t.auth.register.confirmPassword, { exact: true })).toHaveValue('');
  });

  test('an email already registered sends the user back to step 1 with the message', async ({
    page,
    request,
    t,
    account,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 409/);
    await createAccount(request, account);
    await openApp(page, '/signup');
    await fillRegisterStepOne(page, t, { ...account, password: `${account.password}x` });
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await fillAddress(page, t);
    await portal(page).getByRole('button', { name: t.auth.completeProfile.submit, exact: true }).click();

    const email = portal(page).getByLabel(t.auth.register.email, { exact: true });
    await expectFieldError(email, t.errors.codes.EMAIL_TAKEN);
    await expect(email).toHaveValue(account.email);
    // The field says why; the toast only names the failure.
    await expect(currentToast(page)).toHaveText(t.auth.toasts.signUpFailed);
  });

  test('a password from the leaked lists sends the user back to step 1 with "too common"', async ({
    page,
    t,
    account,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 422/);
    await openApp(page, '/signup');
    // Long enough, with a letter and a number: only the server's list of leaked passwords refuses it.
    await fillRegisterStepOne(page, t, { ...account, password: 'Password1' });
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await fillAddress(page, t);
    await portal(page).getByRole('button', { name: t.auth.completeProfile.submit, exact: true }).click();

    const password = portal(page).getByLabel(t.auth.register.password, { exact: true });
    await expectFieldError(password, t.validation.passwordCommon);
    await expect(portal(page).getByLabel(t.auth.register.email, { exact: true })).toHaveValue(account.email);
    await expect(portal(page).getByLabel(t.auth.register.name)).toHaveValue(account.name);
  });

  test('a failed sign-up says "Sign Up Failed", and why once, in the form\'s alert', async ({
    page,
    t,
    account,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 418/);
    // First an answer of no known kind, then an account answer without its user.
    const answers = [
      { status: 418, contentType: 'text/plain', body: 'I am a teapot' },
      {
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ user: null, session: null, profile: null }),
      },
    ];
    await page.route('**/api/auth/sign-up', (route) => route.fulfill(answers.shift() ?? answers[0]));
    await openApp(page, '/signup');
    await fillRegisterStepOne(page, t, account);
    await portal(page).getByRole('button', { name: t.auth.register.submit, exact: true }).click();
    await fillAddress(page, t);
    const submit = portal(page).getByRole('button', { name: t.auth.completeProfile.submit, exact: true });

    await submit.click();
    await expect(portal(page).getByRole('alert')).toHaveText(t.auth.errors.signUpUnexpected);
    await expect(currentToast(page)).toHaveText(t.auth.toasts.signUpFailed);

    // Still on step 2 with the address: another try meets the answer without a user.
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(portal(page).getByRole('alert')).toHaveText(t.auth.errors.nullUser);
    await expect(page).toHaveURL('/signup');
  });
});
