import { describe, expect, it } from 'vitest';
import { adminBoardFields } from './admin-board';
import { alumniMessages } from './alumni';
import { siteSettingMessages } from './site-setting';

/** The catalogue's sentences that put a name into a sentence take the particle it needs (issue 23). */
describe('sentences with a name in them', () => {
  it.each([
    [siteSettingMessages.authTypeKeyMissing('휴대폰 번호', 3), '휴대폰 번호가 없는 회원이 3명 있어 로그인 방식을 바꿀 수 없습니다.'],
    [siteSettingMessages.authTypeKeyMissing('이메일', 1200), '이메일이 없는 회원이 1,200명 있어 로그인 방식을 바꿀 수 없습니다.'],
    [siteSettingMessages.guestRoleMissing('NOBODY'), "손님 권한 'NOBODY'는 없는 권한입니다."],
    [siteSettingMessages.guestRoleMissing('GUEST'), "손님 권한 'GUEST'는 없는 권한입니다."],
    [siteSettingMessages.profileCodeReserved('email'), "'email'은 회원가입 기본 항목이 쓰는 코드라 추가 항목에 쓸 수 없습니다."],
    [siteSettingMessages.profileCodeDuplicate('licenseNo'), "회원가입 추가 항목의 코드 'licenseNo'가 중복됩니다."],
    [alumniMessages.tooLong('소속', 100), '소속은 100자 이내로 입력해주세요.'],
    [alumniMessages.tooLong('부서', 100), '부서는 100자 이내로 입력해주세요.'],
    [alumniMessages.duplicateHeader('이름'), "머리글 '이름'이 두 번 있습니다. 하나만 남겨주세요."],
    [alumniMessages.duplicateHeader('직위'), "머리글 '직위'가 두 번 있습니다. 하나만 남겨주세요."],
  ])('%s', (sentence, expected) => {
    expect(sentence).toBe(expected);
  });

  it.each([
    ['pageSize', 0, '한 쪽의 글 수는 1 이상으로 입력해주세요.'],
    ['pageSize', 101, '한 쪽의 글 수는 100 이하로 입력해주세요.'],
    ['maxFiles', 21, '첨부파일 수는 20 이하로 입력해주세요.'],
    ['maxFileSize', 200 * 1024 * 1024, '첨부파일 하나의 크기는 100MB 이하로 입력해주세요.'],
    ['maxImageSize', 100, '본문 이미지 크기는 1KB 이상으로 입력해주세요.'],
  ] as const)('a board limit: %s %d', (field, value, expected) => {
    const issues = adminBoardFields.shape[field].safeParse(value).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([expected]);
  });
});
