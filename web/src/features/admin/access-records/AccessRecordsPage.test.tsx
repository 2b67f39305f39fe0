import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refuse, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as AccessRecordsPage } from './AccessRecordsPage';

/** The access-record screen's chain head (issue 25): the values to write down outside the system, and the command that checks them. */

const hash = 'ab'.repeat(32);
const emptyPage = { content: [], totalElements: 0, totalPages: 0, page: 1, size: 20 };

describe('the end of the hash chain on the access-record screen', () => {
  it('shows the count, the last hash and the time, and the command that checks them later', async () => {
    stubApi({
      'GET /api/admin/access-records': ok(emptyPage),
      'GET /api/admin/access-records/chain-head': ok({ count: 12345, lastHash: hash, checkedAt: '2026-12-03T17:05:09+09:00' }),
    });
    renderScreen(AccessRecordsPage, { path: 'admin/access-records' });
    const section = await screen.findByRole('region', { name: '해시 체인의 현재 끝' });
    expect(await within(section).findByText('12,345건')).toBeVisible();
    expect(within(section).getByText(hash)).toBeVisible();
    expect(within(section).getByText('2026-12-03 17:05:09')).toBeVisible();
    expect(section).toHaveTextContent(`npm run verify-access-records -- --expect-count 12345 --expect-hash ${hash}`);
  });

  it('says why when the values cannot be read', async () => {
    stubApi({
      'GET /api/admin/access-records': ok(emptyPage),
      'GET /api/admin/access-records/chain-head': refuse(403, 'FORBIDDEN', '관리자만 이용할 수 있습니다.'),
    });
    renderScreen(AccessRecordsPage, { path: 'admin/access-records' });
    const section = await screen.findByRole('region', { name: '해시 체인의 현재 끝' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('관리자만 이용할 수 있습니다.');
  });
});
