// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { fileId } from './board-write';

/**
 * Pop-up notices (팝업, issue 22): a title, rich text sanitised as a post's, an optional image and
 * link, a period and where it shows.
 *
 * Where it shows (`screen`): `home` only on the home page, `all` on every public screen with the
 * site's frame (the terms documents have none: the spec's "Terms pages (no surrounding layout)"). The
 * public read `GET /api/popup?screen=` asks for one screen's pop-ups: `screen=home` (the home
 * page) answers the home-only ones and the every-screen ones, `screen=all` (any other public
 * screen) only the every-screen ones. A pop-up is active from `startsAt` (included) to `endsAt`
 * (excluded).
 */
export const popupScreens = ['home', 'all'] as const;
export type PopupScreen = (typeof popupScreens)[number];

export const popupScreenLabels: Record<PopupScreen, string> = { home: '첫 화면만', all: '모든 화면' };

/** What the console shows of a pop-up's period, by the server's clock. */
export const popupStates = ['active', 'scheduled', 'ended'] as const;
export type PopupState = (typeof popupStates)[number];
export const popupStateLabels: Record<PopupState, string> = { active: '게시중', scheduled: '예정', ended: '종료' };

/** The body's limit (the issue: a body over 1 MB is refused), in UTF-8 bytes. */
export const POPUP_BODY_MAX_BYTES = 1024 * 1024;
export const POPUP_TITLE_MAX = 200;
/** An image's text alternative: a poster's text in full (KWCAG 2.2 / WCAG 1.1.1), well above a title. */
export const POPUP_IMAGE_ALT_MAX = 1000;

export const popupMessages = {
  created: '팝업을 등록했습니다.',
  updated: '팝업을 수정했습니다.',
  deleted: '팝업을 삭제했습니다.',
  notFound: '팝업을 찾을 수 없습니다.',
  idInvalid: '팝업 번호가 올바르지 않습니다.',
  titleRequired: '제목을 입력해주세요.',
  titleTooLong: `제목은 ${POPUP_TITLE_MAX}자 이내로 입력해주세요.`,
  bodyTooLong: '내용은 1MB 이내로 입력해주세요.',
  startsAtInvalid: '시작 일시를 올바르게 입력해주세요.',
  endsAtInvalid: '종료 일시를 올바르게 입력해주세요.',
  endBeforeStart: '종료 일시는 시작 일시보다 뒤여야 합니다.',
  screenInvalid: '표시 위치는 첫 화면 또는 모든 화면 중에서 골라주세요.',
  linkInvalid: '링크는 사이트 안의 경로(/로 시작)나 http:// 또는 https:// 주소여야 합니다.',
  imageNotFound: '이미지를 찾을 수 없습니다. 이미지를 다시 올려주세요.',
  imageAltTooLong: `이미지 대체 텍스트는 ${POPUP_IMAGE_ALT_MAX}자 이내로 입력해주세요.`,
  nothingToChange: '변경할 항목이 없습니다.',
} as const;

/**
 * A link is a path of this site (`/nids/intro`, not `//host`, which leaves the site) or an
 * http(s) address: never `javascript:`, `data:` or another scheme.
 */
export function isPopupLink(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- a path with control characters is refused
  if (/^\/(?![/\\])/.test(value)) return !/[\s\u0000-\u001f]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && value.startsWith(url.protocol);
  } catch {
    return false;
  }
}

const screen = z.enum(popupScreens, { error: popupMessages.screenInvalid });
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const withoutControls = (v: string) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
const title = z
  .string({ error: popupMessages.titleRequired })
  .transform(withoutControls)
  .pipe(z.string().min(1, popupMessages.titleRequired).max(POPUP_TITLE_MAX, popupMessages.titleTooLong));
/**
 * The image's text alternative as staff write it, cleaned as the title is (a textarea's line
 * breaks become spaces: an `alt` is read as one line). '' or null clears it: the title is used.
 */
const imageAlt = z
  .string()
  .transform(withoutControls)
  .pipe(z.string().max(POPUP_IMAGE_ALT_MAX, popupMessages.imageAltTooLong))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();
const body = z
  .string()
  .refine((v) => v.length <= POPUP_BODY_MAX_BYTES && new TextEncoder().encode(v).length <= POPUP_BODY_MAX_BYTES, popupMessages.bodyTooLong);
/** An ISO 8601 date-time with its offset (`2026-12-24T09:00:00+09:00`), as the console sends Korea time. */
const dateTime = (message: string) => z.iso.datetime({ offset: true, error: message });
const linkUrl = z
  .string()
  .trim()
  .max(2000, popupMessages.linkInvalid)
  .refine((v) => v === '' || isPopupLink(v), popupMessages.linkInvalid)
  // '' (a cleared field) means no link.
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** The end must be after the start: `field` endsAt, checked here and again on a change (service). */
const endAfterStart = (v: { startsAt?: string; endsAt?: string }) => !v.startsAt || !v.endsAt || Date.parse(v.endsAt) > Date.parse(v.startsAt);

/**
 * `PUT /api/admin/popup`: a new pop-up. `imageFileId` is an image uploaded with `PUT /api/board-item/images`;
 * `imageAlt` its text alternative, kept only with an image (without one there is nothing it describes).
 */
export const popupCreateRequest = z
  .object({
    title,
    body: body.default(''),
    startsAt: dateTime(popupMessages.startsAtInvalid),
    endsAt: dateTime(popupMessages.endsAtInvalid),
    screen,
    linkUrl,
    imageFileId: fileId.nullable().optional(),
    imageAlt,
  })
  .refine(endAfterStart, { message: popupMessages.endBeforeStart, path: ['endsAt'] });
export type PopupCreateRequest = z.input<typeof popupCreateRequest>;

/**
 * `PATCH /api/admin/popup/{id}`: the fields given change (null clears the link, the image or its
 * text alternative; clearing the image clears its text alternative too).
 */
export const popupPatchRequest = z
  .object({
    title: title.optional(),
    body: body.optional(),
    startsAt: dateTime(popupMessages.startsAtInvalid).optional(),
    endsAt: dateTime(popupMessages.endsAtInvalid).optional(),
    screen: screen.optional(),
    linkUrl,
    imageFileId: fileId.nullable().optional(),
    imageAlt,
  })
  .refine(endAfterStart, { message: popupMessages.endBeforeStart, path: ['endsAt'] });
export type PopupPatchRequest = z.input<typeof popupPatchRequest>;

export const popupIdParams = z.object({ id: z.coerce.number({ error: popupMessages.idInvalid }).int(popupMessages.idInvalid).positive(popupMessages.idInvalid).max(Number.MAX_SAFE_INTEGER) });

export const popupActiveQuery = z.object({ screen });
export type PopupActiveQuery = z.input<typeof popupActiveQuery>;

/** A pop-up as visitors get it. Times are Korea time with their offset. */
export const popupNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML (server/modules/board/sanitize.ts). */
  body: z.string(),
  /** `/api/file/{id}`: public while the pop-up exists. */
  imageUrl: z.string().nullable(),
  /** The image's text alternative: what staff wrote for it, else the pop-up's title. */
  imageAlt: z.string(),
  linkUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  screen,
});
export type PopupNotice = z.infer<typeof popupNotice>;

export const popupActiveList = z.object({ content: z.array(popupNotice) });
export type PopupActiveList = z.infer<typeof popupActiveList>;

/**
 * A pop-up in the console: also its image's file id and the text alternative staff wrote for it
 * (null: none, the title is used), its state by the server's clock, and when it was written.
 */
export const adminPopup = popupNotice.extend({
  imageFileId: z.string().nullable(),
  imageAltText: z.string().nullable(),
  state: z.enum(popupStates),
  createdDate: z.string(),
  modifiedDate: z.string(),
});
export type AdminPopup = z.infer<typeof adminPopup>;

/** Every pop-up, ended ones included: the newest start first. */
export const adminPopupList = z.object({ content: z.array(adminPopup) });
export type AdminPopupList = z.infer<typeof adminPopupList>;
