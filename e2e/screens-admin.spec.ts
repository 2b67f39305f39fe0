import type { APIRequestContext, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminBoardMessages, adminMessages, adminPaths, memberMessages, roleMessages, siteSettingMessages, type MemberPage } from '@contract';
import { escapeRegExp, expect, REFUSED_REQUEST, test } from './fixtures';
import { ADMIN, createMember, openSignedIn, signInByApi, uniqueSuffix } from './support/accounts';
import { field } from './support/dialogs';
import { checkScreen, SCREEN_WIDTHS } from './support/screen-check';

/**
 * Issue 11, the console (issue 9) held to what every screen is held to (checkScreen: axe with the
 * WCAG 2.2 A/AA rules at any impact, no sideways scroll, 44 px targets, 16 px text, a styled,
 * non-blank screen), at 360 px and 1280 px: every screen of the router's /admin branch, with its
 * dialogs open and forms showing their errors. Each screen is checked once its real content (rows,
 * figures, fields) is there, never on a loading line.
 */

const consoleNav = (page: Page) => page.getByRole('navigation', { name: '관리자 메뉴' });

/** The content is there and nothing is still loading (fonts and lazy chunks included). */
async function settled(page: Page, content: Locator) {
  await expect(content.first()).toBeVisible();
  await expect(page.locator('.loading-status, .page-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function adminToken(request: APIRequestContext): Promise<string> {
  return (await signInByApi(request, ADMIN.userId, ADMIN.password)).accessToken;
}

/** A dialog by its name, open, with the error its empty required field gets on submit. */
async function submitEmpty(page: Page, dialogName: string, submit: string, error: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await expect(dialog.getByText(error)).toBeVisible();
  return dialog;
}

/**
 * Visitor statistics (issue 23) with figures to draw: navigations by a person's browser (the test
 * browser itself is headless, counted as a robot, which the top lists leave out), waited for until
 * the server's next flush has written them.
 */
async function countHumanVisits(request: APIRequestContext): Promise<void> {
  const userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  for (const path of ['/', '/nids/intro', '/Nids/notice/List/']) {
    const res = await request.post('/api/visit', { headers: { 'user-agent': userAgent, 'content-type': 'text/plain;charset=UTF-8' }, data: JSON.stringify({ path }) });
    expect(res.status()).toBe(204);
  }
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  const token = await adminToken(request);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/admin/stats/top?from=${today}&to=${today}&kind=screen`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: { items: unknown[] } }).data.items.length;
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
}

async function closeWithEscape(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** An address-book workbook (.xlsx) with these rows, the first being the column names. */
async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('주소록');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

for (const viewport of SCREEN_WIDTHS) {
  const at = `${viewport.width}px`;
  test.describe(`the console at ${at}`, () => {
    // The phone width is a touch screen, so the menu is tried by tapping there.
    test.use({ viewport, hasTouch: viewport.width < 768 });
    // Each test checks up to five screens (axe and a full-page screenshot each) on a busy machine.
    test.describe.configure({ timeout: 90_000 });

    test(`the refusal a member reads at ${at}`, async ({ page }, testInfo) => {
      const member = await createMember(page.request);
      await openSignedIn(page, member.userId, member.password, '/admin');
      await expect(page.locator('[role="alert"]', { hasText: adminMessages.adminOnly })).toBeVisible();
      await checkScreen(page, testInfo, 'admin-refusal');
    });

    test(`dashboard and the console menu at ${at}`, async ({ page }, testInfo) => {
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin');
      await settled(page, page.getByRole('region', { name: '회원', exact: true }).locator('dd'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('대시보드');
      await checkScreen(page, testInfo, 'admin-dashboard');

      // On a phone the console's menu is behind a button; open, it is a screen of its own to check.
      const nav = consoleNav(page);
      const toggle = nav.getByRole('button', { name: '관리자 메뉴' });
      if (viewport.width < 768) {
        await expect(nav.getByRole('link', { name: '접근기록' })).toBeHidden();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        // By keyboard: Enter on the button opens it.
        await toggle.focus();
        await page.keyboard.press('Enter');
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(nav.getByRole('link', { name: '대시보드' })).toHaveAttribute('aria-current', 'page');
        await checkScreen(page, testInfo, 'admin-menu-open');
        // By touch: a choice closes the menu and opens the screen.
        await nav.getByRole('link', { name: '접근기록' }).tap();
        await expect(page).toHaveURL((url) => url.pathname === '/admin/access-records');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(toggle).toContainText('접근기록');
      } else {
        await expect(toggle).toBeHidden();
        await expect(nav.getByRole('link', { name: '접근기록' })).toBeVisible();
      }
    });

    test(`members: the list, its export dialog with an error, a member and the retirement dialog at ${at}`, async ({ page }, testInfo) => {
      const member = await createMember(page.request);
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/members');
      const table = page.getByRole('region', { name: '회원 목록 표' });
      await settled(page, table.locator('tbody tr'));
      await checkScreen(page, testInfo, 'admin-members');

      await page.getByRole('button', { name: '엑셀 다운로드' }).click();
      const exportDialog = await submitEmpty(page, '회원 목록 엑셀 다운로드', '다운로드', '사유를 입력해주세요.');
      await checkScreen(page, testInfo, 'admin-members-export-error');
      await closeWithEscape(page, exportDialog);

      // The member's detail, found through the same API the list uses.
      const token = await adminToken(page.request);
      const found = await page.request.get(`/api/admin/users?keyword=${member.userId}&page=1&size=20`, { headers: { authorization: `Bearer ${token}` } });
      const { data } = (await found.json()) as { data: MemberPage };
      const id = data.content.find((m) => m.userKeyCode === member.userId)!.id;
      await page.goto(`/admin/members/${id}`);
      await settled(page, page.getByTestId('member-email'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`회원 상세: ${member.name}`);
      // The role select shows the member's own role once the options arrive (not the first one).
      await expect(page.getByLabel('권한', { exact: true })).toHaveValue('MEMBER');
      await checkScreen(page, testInfo, 'admin-member');

      // 개인정보 보기 asks for a reason in a dialog first; closed unanswered, nothing is revealed.
      await page.getByRole('button', { name: '개인정보 보기' }).click();
      const reveal = page.getByRole('dialog', { name: '개인정보 보기' });
      await expect(reveal.getByLabel(/^조회 사유/)).toBeFocused();
      await checkScreen(page, testInfo, 'admin-member-reveal');
      await closeWithEscape(page, reveal);

      await page.getByRole('button', { name: '탈퇴 처리' }).click();
      const retire = await submitEmpty(page, '회원 탈퇴 처리', '탈퇴 처리', '사유를 입력해주세요.');
      await checkScreen(page, testInfo, 'admin-member-retire-error');
      await closeWithEscape(page, retire);
      await expect(page.getByTestId('member-email')).toBeVisible();

      // The system administrator's own account cannot be locked or retired (the server refuses):
      // those buttons are not offered, and the page says why.
      const ownPage = await page.request.get(`/api/admin/users?keyword=${ADMIN.userId}&page=1&size=20`, { headers: { authorization: `Bearer ${token}` } });
      const ownId = ((await ownPage.json()) as { data: MemberPage }).data.content.find((m) => m.userKeyCode === ADMIN.userId)!.id;
      await page.goto(`/admin/members/${ownId}`);
      await settled(page, page.getByTestId('member-email'));
      await expect(page.getByText(memberMessages.systemAdminProtected)).toBeVisible();
      await expect(page.getByRole('button', { name: '회원 잠금' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: '탈퇴 처리' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: '모든 기기에서 로그아웃' })).toBeVisible();
    });

    test(`roles, and the new role form refused at ${at}`, async ({ page, pageErrors }, testInfo) => {
      pageErrors.allow(REFUSED_REQUEST); // the taken code is refused with 409
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/roles');
      await settled(page, page.getByRole('table', { name: /권한 목록/ }).locator('tbody tr'));
      await expect(page.getByRole('heading', { name: '새 권한 만들기' })).toBeVisible();
      await checkScreen(page, testInfo, 'admin-roles');

      // A code that is taken (by the members' role): the server refuses it and nothing is made.
      const form = page.getByRole('form', { name: '새 권한 만들기' });
      await field(form, '권한 코드').fill('MEMBER');
      await field(form, '권한 이름').fill('화면 점검');
      await form.getByRole('button', { name: '권한 만들기' }).click();
      // Beside the form that asked, in view: on a phone the list above is thousands of pixels long.
      const refusal = form.getByRole('alert').filter({ hasText: roleMessages.duplicate });
      await expect(refusal).toBeVisible();
      await expect(refusal).toBeInViewport();
      // Said under the code field too, which is marked and has the focus.
      const code = field(form, '권한 코드');
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(roleMessages.duplicate)}`));
      await expect(code).toBeFocused();
      await checkScreen(page, testInfo, 'admin-roles-error');
    });

    test(`boards: the list, a board and a new board refused at ${at}`, async ({ page, pageErrors }, testInfo) => {
      pageErrors.allow(REFUSED_REQUEST);
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/boards');
      await settled(page, page.getByRole('table', { name: /게시판 목록/ }).getByRole('link', { name: /공지사항/ }));
      await checkScreen(page, testInfo, 'admin-boards');

      await page.goto('/admin/boards/community');
      await settled(page, page.getByLabel('게시판 이름'));
      await expect(page.getByLabel('게시판 이름')).toHaveValue('커뮤니티');
      await checkScreen(page, testInfo, 'admin-board');

      // A new board with nothing filled in: the server's refusal is shown by the form.
      await page.goto('/admin/boards/NEW');
      await settled(page, page.getByLabel('게시판 이름'));
      await page.getByRole('button', { name: '게시판 만들기' }).click();
      await expect(page.getByRole('form', { name: '새 게시판' }).getByRole('alert')).not.toBeEmpty();
      await expect(page).toHaveURL((url) => url.pathname === '/admin/boards/NEW');
      // The refusal is about the code: said under that field too, which is marked and has the focus.
      const code = page.getByLabel('게시판 코드 (영문, 주소에 쓰임)');
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(adminBoardMessages.codeFormat)}$`));
      await expect(code).toBeFocused();
      await checkScreen(page, testInfo, 'admin-board-new-error');
    });

    test(`inquiries: the queue and an inquiry open at ${at}`, async ({ page }, testInfo) => {
      const suffix = uniqueSuffix();
      const title = `화면 점검 문의 ${suffix.slice(-6)}`;
      const sent = await page.request.put('/api/board-item/contactus', {
        data: { title, content: '<p>등록 절차를 알려주세요.</p>', name: '홍문의', email: `screen${suffix}@example.test`, phone: '010-2222-3333', agree: true, files: [] },
      });
      expect(sent.status(), await sent.text()).toBe(200);

      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/inquiries');
      const row = page.getByRole('row').filter({ hasText: title });
      await settled(page, row);
      await checkScreen(page, testInfo, 'admin-inquiries');

      await row.getByRole('button', { name: title }).click();
      const detail = page.getByRole('region', { name: title });
      await expect(detail.getByRole('heading', { name: title })).toBeFocused();
      await expect(detail).toContainText('등록 절차를 알려주세요.');
      await checkScreen(page, testInfo, 'admin-inquiry-open');
    });

    test(`address book: the list, the form with its errors, the delete question and the import at ${at}`, async ({ page }, testInfo) => {
      const suffix = uniqueSuffix();
      const name = `점검${suffix.slice(-4)}`;
      const created = await page.request.put('/api/alumni', {
        data: { name, organization: '시험병원', department: '정형외과', position: '교수', email: `alumni${suffix}@example.test`, phone: '02-123-4567', memo: '' },
        headers: { authorization: `Bearer ${await adminToken(page.request)}` },
      });
      expect(created.status(), await created.text()).toBe(200);

      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/alumni');
      await settled(page, page.getByRole('table', { name: '주소록 목록' }).getByRole('rowheader', { name }));
      await checkScreen(page, testInfo, 'admin-alumni');

      await page.getByRole('button', { name: '주소록 등록' }).click();
      const form = await submitEmpty(page, '주소록 등록', '저장', '이름을 입력해주세요.');
      await expect(field(form, '이름')).toBeFocused();
      await checkScreen(page, testInfo, 'admin-alumni-form-error');
      await closeWithEscape(page, form);

      await page.getByRole('button', { name: `${name} 삭제` }).click();
      const question = page.getByRole('dialog', { name: '주소록 삭제' });
      await expect(question).toContainText(name);
      await checkScreen(page, testInfo, 'admin-alumni-delete');
      await question.getByRole('button', { name: '취소' }).click();
      await expect(question).toBeHidden();

      await page.getByRole('button', { name: '엑셀 가져오기' }).click();
      const upload = await submitEmpty(page, '주소록 엑셀 가져오기', '올리고 미리보기', '가져올 엑셀 파일을 선택해주세요.');
      await checkScreen(page, testInfo, 'admin-alumni-import-error');

      // The preview of a workbook with a good row and a bad one, then the report of an
      // all-or-nothing import, which changes nothing because of the bad row.
      await upload.getByLabel(/^엑셀 파일/).setInputFiles({
        name: '점검 명단.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await workbook([
          ['이름', '소속', '이메일', '연락처', '비고란'],
          [`가${name}`, '시험병원', `good${suffix}@example.test`, '02-123-4567', '무시'],
          [`나${name}`, '시험병원', 'not-an-email', '', ''],
        ]),
      });
      await upload.getByRole('button', { name: '올리고 미리보기' }).click();
      const preview = upload.getByRole('region', { name: /미리보기: 전체 2행/ });
      await expect(preview.getByRole('row', { name: new RegExp(`가${name}`) })).toBeVisible();
      await expect(upload.getByRole('radio', { name: /모두 올바를 때만 반영/ })).toBeChecked();
      await checkScreen(page, testInfo, 'admin-alumni-import-preview');
      await upload.getByLabel(/^가져오기 사유/).fill('화면 점검');
      await upload.getByRole('button', { name: '가져오기', exact: true }).click();
      await expect(upload.getByRole('status')).toContainText('아무것도 반영하지 않았습니다');
      await expect(upload.getByRole('region', { name: /오류 행 1개/ }).getByRole('row', { name: /3행: 이메일을 형식에 맞게 입력해주세요\./ })).toBeVisible();
      await checkScreen(page, testInfo, 'admin-alumni-import-report');
      await closeWithEscape(page, upload);
    });

    test(`site settings, and the form refused at ${at}`, async ({ page, pageErrors }, testInfo) => {
      pageErrors.allow(REFUSED_REQUEST); // the empty site name is refused with 400
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/settings');
      const preview = page.getByRole('group', { name: '추가 정보 미리보기' });
      await settled(page, preview);
      await expect(page.getByLabel('대표전화')).not.toHaveValue('');
      await checkScreen(page, testInfo, 'admin-settings');

      // An emptied site name: the server refuses the whole save before writing anything (the
      // settings are shared by every spec), and the form says why.
      const siteName = page.getByLabel('사이트 이름', { exact: true });
      await siteName.fill('');
      await page.getByRole('button', { name: '설정 저장' }).click();
      await expect(page.getByRole('form', { name: '사이트 설정' }).getByRole('alert')).toHaveText(siteSettingMessages.siteNameRequired);
      // Said under the emptied field too, far above the button: marked, described and focused.
      await expect(siteName).toHaveAttribute('aria-invalid', 'true');
      await expect(siteName).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(siteSettingMessages.siteNameRequired)}$`));
      await expect(siteName).toBeFocused();
      await checkScreen(page, testInfo, 'admin-settings-error');
    });

    test(`2단계 인증: the start and the enrolment step with its QR code at ${at}`, async ({ page }, testInfo) => {
      // Starting leaves a pending secret only: the seeded administrator still signs in with a password alone.
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/two-factor');
      const start = page.getByRole('form', { name: '등록 시작' });
      await settled(page, start);
      await checkScreen(page, testInfo, 'admin-two-factor');
      await field(start, '현재 비밀번호').fill(ADMIN.password);
      await start.getByRole('button', { name: '등록 시작' }).click();
      await settled(page, page.getByRole('img', { name: /인증 앱에 등록할 QR 코드/ }));
      await checkScreen(page, testInfo, 'admin-two-factor-enrolment');
    });

    test(`access records and the export dialog with an error at ${at}`, async ({ page }, testInfo) => {
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/access-records');
      await settled(page, page.locator('.access-records__table tbody tr'));
      await checkScreen(page, testInfo, 'admin-access-records');

      await page.getByRole('button', { name: '엑셀 다운로드' }).click();
      const dialog = await submitEmpty(page, '접근기록 엑셀 다운로드', '다운로드', '사유를 입력해주세요.');
      await checkScreen(page, testInfo, 'admin-access-records-export-error');
      await closeWithEscape(page, dialog);
    });

    test(`visitor statistics: charts, their tables and the Excel export at ${at}`, async ({ page }, testInfo) => {
      await countHumanVisits(page.request);
      await openSignedIn(page, ADMIN.userId, ADMIN.password, adminPaths.stats);
      await settled(page, page.getByRole('table', { name: /많이 본 화면/ }).locator('tbody tr'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('방문 통계');
      await expect(page.getByRole('img', { name: /일별 페이지뷰와 방문자 그래프/ })).toBeVisible();
      await expect(page.getByRole('table', { name: /많이 본 화면/ }).getByRole('rowheader', { name: '홈' })).toBeVisible();
      await checkScreen(page, testInfo, 'admin-stats');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: '엑셀 내려받기' }).click();
      expect((await download).suggestedFilename()).toMatch(/^방문통계_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    });

    test(`page satisfaction (issue 23): the summary, the comments and the export dialog with an error at ${at}`, async ({ page }, testInfo) => {
      // An answer with a comment on a screen of its own for this width (one answer per visitor, screen
      // and day), a board list that exists: an unknown board or post is no screen to rate.
      const board = viewport.width === 360 ? 'safetyInformation' : 'promotionVideo';
      const answered = await page.request.post('/api/feedback', {
        data: { path: `/Reference/${board}/List`, score: 2, comment: `글씨가 작아요 (${at})\n두 번째 줄` },
      });
      expect(answered.status()).toBe(200);
      await openSignedIn(page, ADMIN.userId, ADMIN.password, '/admin/feedback');
      await settled(page, page.getByText(`글씨가 작아요 (${at})`));
      // The console asks no satisfaction question of its own screens.
      await expect(page.getByRole('group', { name: '이 페이지에서 제공하는 정보에 대하여 만족하십니까?' })).toHaveCount(0);
      await checkScreen(page, testInfo, 'admin-feedback');

      await page.getByRole('button', { name: '엑셀 다운로드' }).click();
      const dialog = await submitEmpty(page, '만족도 조사 엑셀 다운로드', '다운로드', '사유를 입력해주세요.');
      await checkScreen(page, testInfo, 'admin-feedback-export-error');
      await closeWithEscape(page, dialog);
    });
  });
}
