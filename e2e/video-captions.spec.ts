import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { paths } from '@contract';
import { expect } from './fixtures';
import { ADMIN, signInByApi } from './support/accounts';
import { createItemByApi, uploadAttachmentByApi } from './support/board';
import { checkScreen } from './support/screen-check';
import { testOnOwnSite } from './support/own-site';

/**
 * Issue 11 (KWCAG 1.2.2, captions): a video post with a WebVTT file attached beside its video
 * plays with Korean captions on; a YouTube player in a post's text starts with Korean captions on.
 * On a site of its own: a new post would be the newest of 홍보영상, which other specs open and count.
 */
const test = testOnOwnSite('video-captions');
test.describe.configure({ mode: 'serial' });

const BOARD = 'promotionVideo';
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:02.500\n환자등록사업을 소개합니다.\n\n00:02.500 --> 00:05.000\n등록된 정보는 환자 안전에 쓰입니다.\n';
/** The first bytes of an MP4 (an `ftyp` box): what the upload check asks of a .mp4, not a playable film. */
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(12)]);

let api: APIRequestContext;
let token = '';

test.beforeAll(async ({ ownSite }) => {
  test.setTimeout(180_000);
  api = await playwrightRequest.newContext({ baseURL: ownSite.baseURL });
  token = (await signInByApi(api, ADMIN.userId, ADMIN.password)).accessToken;
});

test.afterAll(async () => {
  await api?.dispose();
});

test('a video with its captions file attached plays with the Korean captions on', async ({ page }, testInfo) => {
  const video = await uploadAttachmentByApi(api, token, BOARD, { name: '소개 영상.mp4', mimeType: 'video/mp4', buffer: MP4_HEAD });
  const captions = await uploadAttachmentByApi(api, token, BOARD, { name: '소개 영상 자막.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS) });
  expect(captions.contentType).toBe('text/vtt');
  const item = await createItemByApi(api, token, BOARD, {
    title: '자막이 있는 소개 영상',
    content: '<p>환자등록사업을 소개하는 영상입니다.</p>',
    files: [{ id: video.id }, { id: captions.id }],
  });

  await page.goto(paths.boardView('Reference', BOARD, item.itemNo));
  const player = page.locator('video');
  await expect(player).toHaveAttribute('aria-label', '자막이 있는 소개 영상');
  const track = player.locator('track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('srclang', 'ko');
  // The browser loaded the file as captions and shows them: its cues are the file's lines.
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => {
      const t = v.textTracks[0];
      return t ? { mode: t.mode, cues: [...(t.cues ?? [])].map((c) => (c as VTTCue).text) } : null;
    }))
    .toEqual({ mode: 'showing', cues: ['환자등록사업을 소개합니다.', '등록된 정보는 환자 안전에 쓰입니다.'] });
  // The player keeps its 16:9 box (at most 540 px high) though this file never plays: it does not
  // collapse to a strip while, or because, the film cannot load.
  const box = (await player.boundingBox())!;
  expect(box.width).toBeGreaterThan(300);
  expect(Math.abs(box.height - Math.min((box.width * 9) / 16, 540))).toBeLessThan(2);
  await checkScreen(page, testInfo, 'video-post-with-captions');
});

test('a YouTube player in a post starts with Korean captions on', async ({ page }) => {
  const item = await createItemByApi(api, token, BOARD, {
    title: '유튜브 안내 영상',
    content: '<p>안내 영상</p><iframe src="https://www.youtube-nocookie.com/embed/abc123" title="유튜브 안내 영상"></iframe>',
  });
  await page.goto(paths.boardView('Reference', BOARD, item.itemNo));
  const frame = page.locator('iframe[title="유튜브 안내 영상"]');
  await expect(frame).toHaveCount(1);
  const src = new URL((await frame.getAttribute('src'))!);
  expect(src.hostname).toBe('www.youtube-nocookie.com');
  expect(Object.fromEntries(src.searchParams)).toMatchObject({ cc_load_policy: '1', cc_lang_pref: 'ko', hl: 'ko' });
});
