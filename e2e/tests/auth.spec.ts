import type { Page } from '@playwright/test';
import { expect, latestMail, newAccount, signIn, test, adminAccount, toolBySku } from '../fixtures.ts';
import { baseURL } from '../env.ts';

const msg = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is Required',
  resetNeedsEmail: 'please enter your email address',
  resetSent: 'Sent email',
  notFound: 'Oops! May be you lost your path!!!',
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The newest email to `to` once it has arrived (mail is sent in the background). */
async function waitForMail(to: string, subjectPart: string) {
  let mail: ReturnType<typeof latestMail> = null;
  await expect
    .poll(() => {
      mail = latestMail(to);
      return mail?.subject ?? '';
    })
    .toContain(subjectPart);
  return mail!;
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Signs in on the provider standing in for Google, as `email` (any password works there). */
async function signInAtProvider(page: Page, email: string) {
  await page.waitForURL((url) => url.origin !== baseURL);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('sign-up', () => {
  test('creates the account, signs it in, lands on /home and sends the verification email', async ({ page }) => {
    const account = newAccount('signup');
    await page.goto('/signup');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // Told where the verification link went, as they arrive.
    await expect(page.getByText(`Welcome! We sent a link to ${account.email}: open it to verify your email address.`)).toBeVisible();
    await expect(nav(page).getByRole('button', { name: 'Sign Out' }).first()).toBeAttached();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
    const mail = await waitForMail(account.email, 'Verify your email');
    expect(mail.subject).toContain('Toolsify Manufacturer LTD.');

    // The link verifies the address but signs nobody in: opened signed out, it asks for a login,
    // which then lands on the dashboard, which says so.
    const link = mail.links.find((l) => l.includes('/api/auth/verify-email'))!;
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?from=/);
    await expect(page.getByText('Your email is verified. Log in to continue.')).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
    await expect(page.getByText('Thank you: your email is verified.')).toBeVisible();
  });

  test('says plainly when the email is already in use', async ({ page }) => {
    const account = newAccount('taken');
    await signIn(page, account);
    await page.context().clearCookies();
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That email is already in use.' })).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('validation messages', () => {
  test('login: on submit, then again on every change', async ({ page }) => {
    await page.goto('/login');
    // Nothing is said before the first submit.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').fill('');
    await expect(page.getByText(msg.emailInvalid)).toHaveCount(0);

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(msg.emailRequired)).toBeVisible();
    await expect(page.getByText(msg.passwordRequired)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    // Re-validated while typing, without pressing Login again.
    await page.getByLabel('Email').fill('buyer@');
    await expect(page.getByText(msg.emailInvalid)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText(msg.passwordTooShort)).toBeVisible();
    await page.getByLabel('Email').fill('buyer@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await expect(page.getByText(msg.emailInvalid)).toHaveCount(0);
    await expect(page.getByText(msg.passwordTooShort)).toHaveCount(0);
  });

  test('sign-up: name, email and password rules', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(msg.nameRequired)).toBeVisible();
    await expect(page.getByText(msg.emailRequired)).toBeVisible();
    await expect(page.getByText(msg.passwordRequired)).toBeVisible();
    await page.getByLabel('Name').fill('Pat');
    await expect(page.getByText(msg.nameRequired)).toHaveCount(0);
    await page.getByLabel('Email').fill('pat');
    await expect(page.getByText(msg.emailInvalid)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await expect(page.getByText(msg.passwordTooShort)).toBeVisible();
  });

  test('reset password asks for the email, then says it was sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(msg.resetNeedsEmail)).toBeVisible();
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // The same answer whether or not the account exists.
    await expect(page.getByText(msg.resetSent, { exact: true })).toBeVisible();
  });
});

test.describe('login', () => {
  test('returns to the page the person came from', async ({ page }) => {
    const account = newAccount('returner');
    await signIn(page, account);
    await page.context().clearCookies();

    await page.goto('/dashboard/orders');
    await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Forders$/);
    await fillLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    await expect(page.getByRole('heading', { name: 'Welcome to your Dashboard' })).toBeVisible();
  });

  test('tells a person who is signed in already, with the way to their dashboard', async ({ page }) => {
    const account = newAccount('already');
    await signIn(page, account);
    // Sign Up says it too, with no form: signing up would switch accounts unasked.
    await page.goto('/signup');
    await expect(page.getByTestId('already-signed-in')).toHaveText(`You are signed in as ${account.email}. Go to your dashboard`);
    await expect(page.getByText('To make another account, sign out first.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    await page.goto('/login');
    await expect(page.getByTestId('already-signed-in')).toHaveText(`You are signed in as ${account.email}. Go to your dashboard`);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to your Dashboard' })).toBeVisible();
  });

  test('goes to / when the person came from nowhere in particular', async ({ page }) => {
    const account = newAccount('plain');
    await signIn(page, account);
    await page.context().clearCookies();
    await page.goto('/blogs');
    await nav(page).getByRole('link', { name: 'Login' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(nav(page).getByRole('button', { name: 'Sign Out' }).first()).toBeAttached();
  });

  test('shows server errors in red, in plain words', async ({ page }) => {
    const account = newAccount('oops');
    await signIn(page, account);
    await page.context().clearCookies();
    await page.goto('/login');

    await fillLogin(page, account.email, 'wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const wrong = page.getByRole('alert').filter({ hasText: 'Wrong email or password.' });
    await expect(wrong).toBeVisible();
    await expect(wrong).toHaveClass(/text-red-700/);
    // Back in the password, to type it again (the Login button, disabled while it was sent, had dropped the focus).
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

    await fillLogin(page, 'unknown-person@example.com', 'whatever-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();

    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes and try again.' } }),
      }),
    );
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts. Please wait 15 minutes and try again.' })).toBeVisible();

    await page.unroute('**/api/auth/sign-in/email');
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not reach the server.' })).toBeVisible();
  });
});

test.describe('password reset through the emailed link', () => {
  test('sets a new password with the same rules and ends the other sessions', async ({ page, browser }) => {
    const account = newAccount('resetter');
    await signIn(page, account);
    // Another device stays signed in until the password changes.
    const other = await browser.newContext({ baseURL });
    await signIn(await other.newPage(), account);
    expect((await other.request.get('/api/me')).status()).toBe(200);

    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(msg.resetSent, { exact: true })).toBeVisible();

    const mail = await waitForMail(account.email, 'Reset your');
    await page.goto(mail.links.find((l) => l.includes('/api/auth/reset-password/'))!);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText(msg.passwordTooShort)).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Set New Password' }).click();

    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(page.getByText('Your password is changed. Log in with your new password.')).toBeVisible();
    expect((await other.request.get('/api/me')).status()).toBe(401);
    await other.close();

    await fillLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
    await fillLogin(page, account.email, 'brand-new-pass-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a stale link says so', async ({ page }) => {
    await page.goto('/api/auth/reset-password/not-a-real-token?callbackURL=%2Freset-password');
    await expect(page).toHaveURL(/\/reset-password\?error=INVALID_TOKEN$/);
    await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  });
});

test.describe('Continue With Google (a local OpenID provider stands in for Google)', () => {
  test('signs up from /signup and lands on /home with the name from the provider', async ({ page }) => {
    const email = `google.newcomer.${Date.now().toString(36)}@example.com`;
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/home$/);
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email, name: expect.stringMatching(/^Google Newcomer/), emailVerified: true });
    await expect(nav(page).getByRole('button', { name: 'Sign Out' }).first()).toBeAttached();
  });

  test('logs in and returns to the page the person came from', async ({ page }) => {
    const email = `google.buyer.${Date.now().toString(36)}@example.com`;
    await page.goto('/purchase/1');
    await expect(page).toHaveURL(/\/login\?from=%2Fpurchase%2F1$/);
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/purchase\/1$/);
    expect((await (await page.request.get('/api/me')).json()).email).toBe(email);
  });

  test('says clearly when Google sign-in is not set up on the server', async ({ page }) => {
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), googleEnabled: false } });
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Google sign-in is not set up on this server.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('guards and the dashboard', () => {
  test('sends visitors to /login from /purchase/:id and every /dashboard path', async ({ page }) => {
    for (const path of ['/purchase/2', '/dashboard', '/dashboard/review', '/dashboard/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(`${baseURL}/login?from=${encodeURIComponent(path)}`);
    }
  });

  test('shows a customer their menu, the pages behind it, and not-found for an unknown child', async ({ page }) => {
    await signIn(page, newAccount('menu'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to your Dashboard' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText(['My Profile', 'My Orders', 'Add a Review', 'My Lists']);
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/dashboard/no-such-page');
    await expect(page.getByRole('heading', { name: msg.notFound })).toBeVisible();
  });

  test('a tab whose session ended in another tab says so at its next request, and goes home; what it was adding waits in the cart', async ({
    page,
    context,
  }) => {
    const account = newAccount('two-tabs');
    await signIn(page, account);
    const tool = await toolBySku(page.request, 'TF-CH16');
    await page.goto(`/tools/${tool.id}`);
    const other = await context.newPage();
    await other.goto('/');
    await nav(other).getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(nav(other).getByRole('link', { name: 'Login' }).first()).toBeAttached();

    // The first tab still looks signed in; its next request finds the session gone.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('You were signed out. Log in again to go on.')).toBeVisible();
    await expect(page.getByText('Could not add it to the cart. Please try again.')).toHaveCount(0);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(nav(page).getByRole('link', { name: 'Login' }).first()).toBeAttached();
    // The tool went into this browser's cart, and joins theirs when they log in again.
    await expect(page.getByText('Added to the cart.')).toBeVisible();
    await signIn(page, account);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: tool.name })).toBeVisible();
  });

  test('signs a customer out and sends them to /login from an admin page', async ({ page }) => {
    await signIn(page, newAccount('nosy'));
    await page.goto('/dashboard/manage');
    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(nav(page).getByRole('link', { name: 'Login' }).first()).toBeAttached();
    await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401);
  });

  test('shows an admin the admin menu and the admin pages', async ({ page }) => {
    await signIn(page, adminAccount());
    await page.goto('/dashboard/users');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText([
      'My Profile',
      'All Users',
      'Manage All Orders',
      'Add a Product',
      'Manage Products',
      'Audit Log',
      'Reviews',
      /^Inbox/, // with its unread count when there is one
    ]);
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    // Each page its own tab title.
    await expect(page).toHaveTitle('All Users | Toolsify Manufacturer LTD.');
    await menu.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveTitle('Audit Log | Toolsify Manufacturer LTD.');
    await page.goBack();
    await expect(menu.getByRole('link', { name: 'All Users' })).toHaveAttribute('aria-current', 'page');
  });

  test('opens the menu as a drawer on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, newAccount('phone'));
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await expect(drawer.getByRole('link', { name: 'My Profile' })).toBeFocused();
    // A modal drawer keeps the focus: past its last link Tab comes back to its first control, Shift+Tab goes round the other way.
    const close = drawer.getByRole('button', { name: 'Close the dashboard menu' });
    const last = drawer.getByRole('link').last();
    await last.focus();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(last).toBeFocused();
    await drawer.getByRole('link', { name: 'Add a Review' }).click();
    await expect(page).toHaveURL(/\/dashboard\/review$/);
    await expect(drawer).toBeHidden();
    // The new page takes the focus to its heading once it has loaded: wait for that, so it cannot
    // land after the Escape below and take the focus from the menu button.
    await expect(page.locator('main [data-page-content]').getByRole('heading').first()).toBeFocused();
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Dashboard menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Dashboard menu' })).toBeFocused();
  });
});
