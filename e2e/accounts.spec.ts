import type { Page } from '@playwright/test';
import { accountMessages, paths } from '@contract';
import { expect, expectNoA11yViolations, expectScreen, REFUSED_REQUEST, SITE_NAME, test } from './fixtures';
import { createMember, myPageTab, openSignedIn, signInByApi, uniqueSuffix } from './support/accounts';
import { field, recordDialogs } from './support/dialogs';
import { messagesTo, nextMessage, nextPincode } from './support/inbox';
import { apiCallsSettle } from './support/session-clock';

/**
 * Accounts in the browser against the real server: the pincodes come from real e-mail delivered
 * by nodemailer to the local SMTP catcher. Alerts are checked word for word (spec §8).
 */


const loginAlerts = {
  INVALID_CREDENTIAL: '계정 정보가 일치하지 않습니다. 다시 입력해주세요.',
  NOT_FOUND: '회원 정보가 없습니다.',
  NOT_ACCEPTABLE: '로그인에 실패했습니다. 관리자에게 문의해주세요.',
} as const;

const header = (page: Page) => page.locator('.site-header__utility');
/** The message of an alert the member has just closed, kept at the top of the screen they land on (a polite status region). */
const carriedNotice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function expectSignedInHeader(page: Page, name: string) {
  await expect(header(page).locator('.site-header__member')).toHaveText(`${name}님`);
  await expect(header(page).getByRole('link', { name: '마이페이지' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: '로그아웃' })).toBeVisible();
}

async function expectGuestHeader(page: Page) {
  await expect(header(page).getByRole('link', { name: '로그인' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: '로그아웃' })).toHaveCount(0);
}

const storedSession = (page: Page) =>
  page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
    loginUser: localStorage.getItem('loginUser'),
    rememberId: localStorage.getItem('rememberId'),
  }));

async function signInWithForm(page: Page, userId: string, password: string, { remember }: { remember?: boolean } = {}) {
  const form = page.getByRole('form', { name: '로그인' });
  await field(form, '아이디').fill(userId);
  await field(form, '비밀번호').fill(password);
  if (remember !== undefined) await form.getByLabel('아이디 저장').setChecked(remember);
  await form.getByRole('button', { name: '로그인' }).click();
}

test.describe('sign-up', () => {
  test('a visitor signs up with an e-mail pincode from a real mail and is greeted on Welcome', async ({ page, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST); // the wrong pincode is refused with 400
    const dialogs = recordDialogs(page);
    const suffix = uniqueSuffix();
    const userId = `new${suffix}`.slice(0, 20);
    const email = `new${suffix}@example.test`;

    await page.goto(paths.signup);
    await expectScreen(page, paths.signup);
    const form = page.getByRole('form', { name: '회원가입' });

    // Consent: both boxes, each with a link opening its terms page.
    await expect(form.getByRole('link', { name: '이용약관 보기' })).toHaveAttribute('href', paths.terms);
    await expect(form.getByRole('link', { name: '개인정보 수집·이용 안내 보기' })).toHaveAttribute('href', paths.privacy);
    await field(form, '이용약관에 동의합니다.').check();
    await field(form, '개인정보 수집·이용에 동의합니다.').check();

    // ID: 중복 확인 says the spec's sentence.
    await field(form, '아이디').fill(userId);
    await form.getByRole('button', { name: '중복 확인' }).click();
    await dialogs.waitFor(accountMessages.keyFree('아이디'));
    await expect(form.getByRole('button', { name: '확인 완료' })).toBeDisabled();

    await field(form, '비밀번호').fill('Signup-pass1!');
    await field(form, '비밀번호 확인').fill('Signup-pass1!');
    await field(form, '이름').fill('한가람');

    // E-mail: the pincode arrives by SMTP with a Korean subject; a wrong code first, then the right one.
    await field(form, '이메일').fill(email);
    await form.getByRole('button', { name: '인증번호 발송' }).click();
    // The address is checked first: spec §8 "사용 가능한 이메일입니다." before the pincode goes out.
    await dialogs.waitFor(accountMessages.keyFree('이메일'));
    await expect(form.getByRole('status').filter({ hasText: accountMessages.keyFree('이메일') })).toBeVisible();
    const mail = await nextMessage(email);
    expect(mail.channel).toBe('EMAIL');
    expect(mail.from).toBe('no-reply@registry.test');
    expect(mail.subject).toBe('[인체이식형 의료기기 환자등록사업] 인증번호 안내');
    const pincode = /인증번호: (\d{6})/.exec(mail.text)![1]!;
    const pincodeInput = field(form, '이메일 인증번호');
    await expect(pincodeInput).toBeFocused();
    await pincodeInput.fill(pincode === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: '확인', exact: true }).click();
    await dialogs.waitFor(accountMessages.pincodeFailed);
    await pincodeInput.fill(pincode);
    await form.getByRole('button', { name: '확인', exact: true }).click();
    await dialogs.waitFor(accountMessages.pincodeOk);
    await expect(form.getByText('이메일 인증이 완료되었습니다.')).toBeVisible();

    // Extra profile fields from userProfiles (text, select, checkboxes).
    await field(form, '소속 기관').fill('한국병원');
    await field(form, '직역').selectOption('간호사');
    await form.getByRole('group', { name: /관심 분야/ }).getByLabel('인공관절').check();

    await form.getByRole('button', { name: '회원가입' }).click();
    await expect(page).toHaveURL((url) => url.pathname === paths.signupWelcome);
    await expect(page.locator('main')).toContainText('한가람님, 회원가입을 환영합니다.');

    // The new member can sign in with what they chose.
    const session = await signInByApi(page.request, userId, 'Signup-pass1!');
    expect(session.user).toMatchObject({ userKeyCode: userId, name: '한가람', userType: 'Member' });
    expect(dialogs.messages).toEqual([
      accountMessages.keyFree('아이디'), accountMessages.keyFree('이메일'), accountMessages.pincodeFailed, accountMessages.pincodeOk,
    ]);
  });
});

test.describe('sign-in and the session', () => {
  test('each failure code shows the spec\'s alert; five wrong passwords lock the account', async ({ page, request, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST);
    const member = await createMember(request);
    const dialogs = recordDialogs(page);
    await page.goto(paths.signin);
    await expectScreen(page, paths.signin);

    await signInWithForm(page, `nobody${uniqueSuffix()}`, 'Whatever1!');
    await dialogs.waitFor(loginAlerts.NOT_FOUND);
    await expect(page.getByRole('form', { name: '로그인' })).toContainText(loginAlerts.NOT_FOUND);

    for (let attempt = 1; attempt <= 4; attempt++) {
      await signInWithForm(page, member.userId, 'Wrong-pass1!');
      await expect.poll(() => dialogs.messages.length).toBe(1 + attempt);
      expect(dialogs.messages.at(-1)).toBe(loginAlerts.INVALID_CREDENTIAL);
      // The password field is emptied and focused for the next try.
      await expect(field(page, '비밀번호')).toBeFocused();
      await expect(field(page, '비밀번호')).toHaveValue('');
    }
    // The fifth wrong password locks sign-in for 10 minutes, and says why under the alert.
    await signInWithForm(page, member.userId, 'Wrong-pass1!');
    await expect.poll(() => dialogs.messages.length).toBe(6);
    expect(dialogs.messages.at(-1)).toBe(loginAlerts.NOT_ACCEPTABLE);
    await expect(page.getByRole('form', { name: '로그인' })).toContainText(accountMessages.accountLocked);
    // Locked: even the right password is refused.
    await signInWithForm(page, member.userId, member.password);
    await expect.poll(() => dialogs.messages.length).toBe(7);
    expect(dialogs.messages.at(-1)).toBe(loginAlerts.NOT_ACCEPTABLE);
    await expect(page).toHaveURL((url) => url.pathname === paths.signin);
    expect((await storedSession(page)).accessToken).toBeNull();
  });

  test('아이디 저장 keeps the ID for next time and unchecking it forgets it; logout clears the session and revokes the refresh token', async ({ page, request, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST);
    const member = await createMember(request);
    await page.goto(paths.signin);
    await signInWithForm(page, member.userId, member.password, { remember: true });

    // After login: the home page, the header greets the member.
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectSignedInHeader(page, member.name);
    const stored = await storedSession(page);
    expect(stored.rememberId).toBe(member.userId);
    expect(stored.accessToken).toBeTruthy();
    expect(JSON.parse(stored.loginUser!)).toMatchObject({ userKeyCode: member.userId, name: member.name });

    await header(page).getByRole('button', { name: '로그아웃' }).click();
    await expectGuestHeader(page);
    const afterLogout = await storedSession(page);
    expect(afterLogout).toEqual({ accessToken: null, refreshToken: null, loginUser: null, rememberId: member.userId });
    // The refresh token was revoked on the server, not just forgotten.
    const reuse = await request.post('/api/user/signin-by-refresh-token', { data: { refreshToken: stored.refreshToken } });
    expect(reuse.status()).toBe(401);

    // Next visit: the ID is filled in and the box is checked.
    await page.goto(paths.signin);
    const form = page.getByRole('form', { name: '로그인' });
    await expect(field(form, '아이디')).toHaveValue(member.userId);
    await expect(form.getByLabel('아이디 저장')).toBeChecked();

    // Signing in with the box unchecked forgets it.
    await signInWithForm(page, member.userId, member.password, { remember: false });
    await expectSignedInHeader(page, member.name);
    expect((await storedSession(page)).rememberId).toBeNull();
    await header(page).getByRole('button', { name: '로그아웃' }).click();
    // Logout ends once the server has revoked the token; only then is the visitor a guest again.
    await expectGuestHeader(page);
    await page.goto(paths.signin);
    await expect(field(page.getByRole('form', { name: '로그인' }), '아이디')).toHaveValue('');
  });

  test('the access token is exchanged before it expires, and a refused refresh shows the server\'s message and signs out', async ({ page, request, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST);
    const member = await createMember(request);
    await page.clock.install();
    const dialogs = recordDialogs(page);
    await page.goto(paths.signin);
    await signInWithForm(page, member.userId, member.password);
    await expectSignedInHeader(page, member.name);
    const first = await storedSession(page);

    // 21 minutes on: the 30-minute token now expires within the 10-minute window (spec §4, §9),
    // so the next call exchanges the refresh token first.
    await page.clock.fastForward('21:00');
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/user/signin-by-refresh-token'));
    const settled = apiCallsSettle(page);
    await header(page).getByRole('link', { name: '마이페이지' }).click();
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByRole('heading', { name: '회원 정보' })).toBeVisible();
    // The new token is already in the page clock's window, so My Page's own reads may refresh
    // again: they must be done before the old token's reuse below revokes the sign-in (a CI run
    // had one refused there, which signed the member out before the save was clicked).
    await settled();
    const second = await storedSession(page);
    // A new pair was stored. (The access token may be byte-identical when both were issued
    // within the same second: same claims, same signature; the refresh token is random.)
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).toBeTruthy();
    await expectSignedInHeader(page, member.name);

    // The spent refresh token no longer works (rotation).
    const reuse = await request.post('/api/user/signin-by-refresh-token', { data: { refreshToken: first.refreshToken } });
    expect(reuse.status()).toBe(401);

    // That reuse revoked the whole sign-in: the next refresh is refused, the member sees the
    // server's message and is signed out. (The new token's 30 minutes count from the server's
    // real clock, so in the page's clock it is already within its refresh window.)
    // Saving the profile always calls the API, which must refresh the token first.
    await page.getByRole('form', { name: '회원 정보' }).getByRole('button', { name: '회원 정보 저장' }).click();
    await expect.poll(() => dialogs.messages.length).toBeGreaterThan(0);
    expect(dialogs.messages[0]).toBe(accountMessages.sessionExpired);
    await expectGuestHeader(page);
    // The alert's message stays in the page, where a screen reader finds it after the alert.
    await expect(carriedNotice(page, accountMessages.sessionExpired)).toBeVisible();
    expect((await storedSession(page)).accessToken).toBeNull();
  });
});

test.describe('account recovery', () => {
  test('find ID: the e-mail pincode shows the member\'s ID, partly masked, with the join date', async ({ page, request }) => {
    const member = await createMember(request);
    const dialogs = recordDialogs(page);
    await page.goto(paths.findId);
    await expectScreen(page, paths.findId);
    const seen = (await messagesTo(member.email)).length;
    await field(page, '이메일').fill(member.email);
    await page.getByRole('button', { name: '인증번호 발송' }).click();
    const pincode = await nextPincode(member.email, seen);
    await field(page, '이메일 인증번호').fill(pincode);
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await dialogs.waitFor(accountMessages.pincodeOk);

    const result = page.getByRole('region', { name: '아이디 찾기 결과' });
    // The result is announced by moving the focus to its heading.
    await expect(result.getByRole('heading', { name: '아이디 찾기 결과' })).toBeFocused();
    const shown = (await result.locator('.found-ids__id').allTextContents()).map((s) => s.trim());
    expect(shown).toHaveLength(1);
    const [masked] = shown as [string];
    expect(masked).not.toBe(member.userId);
    expect(masked).toContain('*');
    expect(masked.length).toBe(member.userId.length);
    expect(masked.slice(0, 2)).toBe(member.userId.slice(0, 2));
    await expect(result).toContainText(/가입일 \d{4}\.\s?\d{2}\.\s?\d{2}/);
  });

  test('password reset: the e-mailed pincode sets a new password, says 비밀번호가 재설정 되었습니다. and goes home', async ({ page, request, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST);
    const member = await createMember(request);
    const dialogs = recordDialogs(page);
    await page.goto(paths.findPassword);
    await expectScreen(page, paths.findPassword);
    const seen = (await messagesTo(member.email)).length;
    await field(page, '이메일').fill(member.email);
    await page.getByRole('button', { name: '인증번호 발송' }).click();
    const pincode = await nextPincode(member.email, seen);

    const reset = page.getByRole('form', { name: '비밀번호 재설정' });
    await field(reset, '인증번호').fill(pincode);
    await field(reset, '새 비밀번호').fill('Reset-pass2@');
    await field(reset, '새 비밀번호 확인').fill('Reset-pass2@');
    await reset.getByRole('button', { name: '비밀번호 재설정' }).click();
    await dialogs.waitFor(accountMessages.resetPasswordOk);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(carriedNotice(page, accountMessages.resetPasswordOk)).toBeVisible();
    await expectNoA11yViolations(page, 'the home page with the carried notice');
    // It belongs to the screen the member landed on, and goes with the next one.
    await header(page).getByRole('link', { name: '로그인' }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === paths.signin);
    await expect(carriedNotice(page, accountMessages.resetPasswordOk)).toHaveCount(0);

    expect((await request.post('/api/user/signin', { data: { userKeyType: 'ID', userKeyCode: member.userId, password: member.password } })).status()).toBe(401);
    const session = await signInByApi(request, member.userId, 'Reset-pass2@');
    expect(session.user.userKeyCode).toBe(member.userId);
  });
});

test.describe('My page', () => {
  test('a member edits the profile, changes the e-mail with a pincode and the password', async ({ page, request, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST);
    const member = await createMember(request);
    const dialogs = recordDialogs(page);
    await openSignedIn(page, member.userId, member.password, paths.myPage);
    await expectScreen(page, paths.myPage);

    // Profile: a new name shows in the header at once.
    const profile = page.getByRole('form', { name: '회원 정보' });
    await expect(field(profile, '이름')).toHaveValue(member.name);
    await expect(field(profile, '소속 기관')).toHaveValue('테스트 병원');
    await field(profile, '이름').fill('나래');
    await field(profile, '소속 기관').fill('새 병원');
    await profile.getByRole('button', { name: '회원 정보 저장' }).click();
    await expect(profile).toContainText('회원 정보가 저장되었습니다.');
    await expectSignedInHeader(page, '나래');

    // E-mail (its own tab): a new address verified by the pincode mailed to it.
    await myPageTab(page, '이메일').click();
    await expect(page).toHaveURL((url) => url.search === '?tab=email');
    const newEmail = `moved${uniqueSuffix()}@example.test`;
    const emailForm = page.getByRole('form', { name: '이메일 변경' });
    await field(emailForm, '새 이메일').fill(newEmail);
    await emailForm.getByRole('button', { name: '인증번호 발송' }).click();
    await field(emailForm, '이메일 인증번호').fill(await nextPincode(newEmail));
    await emailForm.getByRole('button', { name: '확인', exact: true }).click();
    await dialogs.waitFor(accountMessages.pincodeOk);
    // The member's password again before the address moves (issue 12); a wrong one is refused.
    await field(emailForm, '현재 비밀번호').fill('Wrong-pass1!');
    await emailForm.getByRole('button', { name: '이메일 변경' }).click();
    await expect(emailForm).toContainText(accountMessages.currentPasswordWrong);
    await expect(field(emailForm, '현재 비밀번호')).toBeFocused();
    await field(emailForm, '현재 비밀번호').fill(member.password);
    await emailForm.getByRole('button', { name: '이메일 변경' }).click();
    await expect(emailForm).toContainText('이메일이 변경되었습니다.');
    await expect(page.getByRole('tabpanel', { name: '이메일' })).toContainText(`현재 이메일: ${newEmail}`);

    // The record on the server has the changes.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const me = await request.get(`/api/user/${(await signInByApi(request, member.userId, member.password)).user.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).data).toMatchObject({ name: '나래', email: newEmail, profile: expect.objectContaining({ organization: '새 병원' }) });

    // Password: a wrong current password is refused; the right one changes it and signs out.
    await myPageTab(page, '비밀번호 변경').click();
    const passwordForm = page.getByRole('form', { name: '비밀번호 변경' });
    await field(passwordForm, '현재 비밀번호').fill('Not-mine1!');
    await field(passwordForm, '새 비밀번호').fill('Changed-pass3#');
    await field(passwordForm, '새 비밀번호 확인').fill('Changed-pass3#');
    await passwordForm.getByRole('button', { name: '비밀번호 변경' }).click();
    await expect(passwordForm).toContainText(accountMessages.currentPasswordWrong);
    await field(passwordForm, '현재 비밀번호').fill(member.password);
    await field(passwordForm, '새 비밀번호').fill('Changed-pass3#');
    await field(passwordForm, '새 비밀번호 확인').fill('Changed-pass3#');
    await passwordForm.getByRole('button', { name: '비밀번호 변경' }).click();
    await dialogs.waitFor('비밀번호가 변경되었습니다. 새 비밀번호로 다시 로그인해주세요.');
    await expectGuestHeader(page);
    await expect(page).toHaveURL((url) => url.pathname === paths.signin);
    await expect(carriedNotice(page, '비밀번호가 변경되었습니다. 새 비밀번호로 다시 로그인해주세요.')).toBeVisible();
    expect((await request.post('/api/user/signin', { data: { userKeyType: 'ID', userKeyCode: member.userId, password: member.password } })).status()).toBe(401);
    await signInByApi(request, member.userId, 'Changed-pass3#');
  });

  test('retirement asks first in a dialog, signs out, erases the name and keeps the ID reserved', async ({ page, request, pageErrors }) => {
    pageErrors.allow(REFUSED_REQUEST);
    const member = await createMember(request);
    const dialogs = recordDialogs(page);
    // A link straight to the 회원 탈퇴 tab.
    await openSignedIn(page, member.userId, member.password, `${paths.myPage}?tab=retire`);
    await expect(myPageTab(page, '회원 탈퇴')).toHaveAttribute('aria-selected', 'true');

    const retire = page.getByRole('form', { name: '회원 탈퇴' });
    await field(retire, '비밀번호 확인').fill(member.password);
    await field(retire, '탈퇴 사유 (선택)').fill('더 이상 이용하지 않습니다.');
    await retire.getByRole('button', { name: '회원 탈퇴' }).click();
    // A modal dialog asks first; the safe 취소 has the focus, and Escape leaves everything as it was.
    const confirm = page.getByRole('dialog', { name: '회원 탈퇴' });
    await expect(confirm).toContainText('회원 탈퇴를 진행하시겠습니까? 탈퇴하면 회원 정보를 되돌릴 수 없습니다.');
    await expect(confirm.getByRole('button', { name: '취소' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(retire.getByRole('button', { name: '회원 탈퇴' })).toBeFocused();
    expect((await request.post('/api/user/signin', { data: { userKeyType: 'ID', userKeyCode: member.userId, password: member.password } })).status()).toBe(200);

    await retire.getByRole('button', { name: '회원 탈퇴' }).click();
    await confirm.getByRole('button', { name: '탈퇴하기' }).click();
    await dialogs.waitFor(accountMessages.retired);
    expect(dialogs.messages).toEqual([accountMessages.retired]);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectGuestHeader(page);
    await expect(carriedNotice(page, accountMessages.retired)).toBeVisible();

    const signin = await request.post('/api/user/signin', { data: { userKeyType: 'ID', userKeyCode: member.userId, password: member.password } });
    expect(signin.status()).toBe(403);
    expect((await signin.json()).code).toBe('NOT_ACCEPTABLE');
    const exists = await request.post('/api/user-key/check-exists', { data: { userKeyType: 'ID', userKeyCode: member.userId } });
    expect((await exists.json()).data.exists).toBe(true);
    // The e-mail is free again: personal data was erased.
    const email = await request.post('/api/user-key/check-exists', { data: { userKeyType: 'EMAIL', userKeyCode: member.email } });
    expect((await email.json()).data.exists).toBe(false);
  });

  test('a guest opening My page is sent to sign in and comes back after login, to the tab asked for', async ({ page, request }) => {
    const member = await createMember(request);
    await page.goto(`${paths.myPage}?tab=password`);
    await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === paths.signin.toLowerCase());
    await signInWithForm(page, member.userId, member.password);
    await expect(page).toHaveURL((url) => url.pathname === paths.myPage && url.search === '?tab=password');
    await expect(page.getByRole('form', { name: '비밀번호 변경' })).toBeVisible();
  });

  test('the open tab is in the address: a link or a reload opens it, Back leaves the screen, an unknown tab opens the first', async ({ page, request }) => {
    const member = await createMember(request);
    await openSignedIn(page, member.userId, member.password, paths.home);
    await header(page).getByRole('link', { name: '마이페이지' }).click();
    await expect(myPageTab(page, '회원 정보')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle(`회원 정보 - 마이페이지 | ${SITE_NAME}`);

    // Choosing a tab replaces the address (no history entry per tab) and names the tab in the title.
    await myPageTab(page, '비밀번호 변경').click();
    await expect(page).toHaveURL((url) => url.pathname === paths.myPage && url.search === '?tab=password');
    await expect(page).toHaveTitle(`비밀번호 변경 - 마이페이지 | ${SITE_NAME}`);
    await expect(page.getByRole('tabpanel', { name: '비밀번호 변경' })).toBeVisible();
    await expect(page.getByRole('form', { name: '회원 정보' })).toBeHidden();
    await myPageTab(page, '회원 탈퇴').click();
    await expect(page).toHaveURL((url) => url.search === '?tab=retire');

    // What was typed in one tab is still there after a look at another.
    await myPageTab(page, '비밀번호 변경').click();
    await field(page.getByRole('form', { name: '비밀번호 변경' }), '현재 비밀번호').fill('typed-before');
    await myPageTab(page, '이메일').click();
    await myPageTab(page, '비밀번호 변경').click();
    await expect(field(page.getByRole('form', { name: '비밀번호 변경' }), '현재 비밀번호')).toHaveValue('typed-before');

    // A reload opens the same tab.
    await page.reload();
    await expect(myPageTab(page, '비밀번호 변경')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('form', { name: '비밀번호 변경' })).toBeVisible();

    // The first tab is the plain address.
    await myPageTab(page, '회원 정보').click();
    await expect(page).toHaveURL((url) => url.pathname === paths.myPage && url.search === '');

    // Back goes to the screen before My page, not through the tabs.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === paths.home);

    // An unknown tab (or one this site does not show) opens the first.
    for (const tab of ['nonsense', 'PASSWORD', 'mobile']) {
      await page.goto(`${paths.myPage}?tab=${tab}`);
      await expect(myPageTab(page, '회원 정보')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('form', { name: '회원 정보' })).toBeVisible();
    }
  });
});
