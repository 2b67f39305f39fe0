// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { area, boardPermissionRoles } from './board';
import { listStyles } from './board-values';
import { withParticle } from './korean-particle';

/**
 * A board code is the second part of its screens' paths (/{Area}/{boardCode}/List/, spec §2):
 * a letter, then letters and digits (the seeded boards are camelCase: annualReport).
 */
export const boardCodePattern = /^[A-Za-z][A-Za-z0-9]{1,39}$/;

const MB = 1024 * 1024;
/** Limits the console offers (the upload path checks each board's own values). */
export const boardLimits = {
  pageSize: { min: 1, max: 100 },
  maxFiles: { min: 0, max: 20 },
  maxFileSize: { min: 1024, max: 100 * MB },
  maxImageSize: { min: 1024, max: 20 * MB },
  categories: 30,
} as const;

export const adminBoardMessages = {
  saved: '게시판을 저장했습니다.',
  created: '게시판을 만들었습니다.',
  codeFormat: '게시판 코드는 영문자로 시작하고 영문자와 숫자만 2~40자로 쓸 수 있습니다.',
  codeTaken: '이미 있는 게시판 코드입니다.',
  nameRequired: '게시판 이름을 입력해주세요.',
  categoryBlank: '빈 분류는 둘 수 없습니다.',
  categoryDuplicate: '분류가 중복됩니다.',
  unknownRoles: (codes: string[]) => `없는 권한 코드입니다: ${codes.join(', ')}`,
  nothingToChange: '변경할 항목이 없습니다.',
  inquiryStyleFixed: '문의 게시판은 목록 형식을 바꿀 수 없고, 다른 게시판을 문의 게시판으로 바꿀 수도 없습니다.',
} as const;

/** A byte count as the console's size fields show it: 1024 → "1KB", 104857600 → "100MB". */
const sizeText = (bytes: number) => (bytes >= MB ? `${bytes / MB}MB` : `${bytes / 1024}KB`);

/** A number within `l`, refused with a sentence that names the field by its label on the form. */
const limit = (l: { min: number; max: number }, what: string, show: (n: number) => string = String) =>
  z
    .number()
    .int()
    .min(l.min, `${withParticle(what, '은/는')} ${show(l.min)} 이상으로 입력해주세요.`)
    .max(l.max, `${withParticle(what, '은/는')} ${show(l.max)} 이하로 입력해주세요.`);

/** What the console edits on a board. */
export const adminBoardFields = z.object({
  name: z.string().trim().max(50, '게시판 이름은 50자 이내로 입력해주세요.'),
  area,
  listStyle: z.enum(listStyles),
  description: z.string().trim().max(500, '설명은 500자 이내로 입력해주세요.'),
  pageSize: limit(boardLimits.pageSize, '한 쪽의 글 수'),
  categories: z.array(z.string().trim().max(30, '분류는 30자 이내로 입력해주세요.')).max(boardLimits.categories, `분류는 ${boardLimits.categories}개까지 둘 수 있습니다.`),
  allowAttachments: z.boolean(),
  maxFiles: limit(boardLimits.maxFiles, '첨부파일 수'),
  maxFileSize: limit(boardLimits.maxFileSize, '첨부파일 하나의 크기', sizeText),
  maxImageSize: limit(boardLimits.maxImageSize, '본문 이미지 크기', sizeText),
  useComments: z.boolean(),
  /** Role codes allowed each action (admins may always do everything). */
  permissions: boardPermissionRoles,
  sortOrder: z.number().int().min(0).max(10_000),
});

/** `PUT /api/admin/boards`: a new board. */
export const adminBoardCreate = adminBoardFields.extend({ boardCode: z.string().trim().max(40) });
export type AdminBoardCreate = z.infer<typeof adminBoardCreate>;

/** `PATCH /api/admin/boards/{boardCode}`: any subset. */
export const adminBoardPatch = adminBoardFields.partial().strict();
export type AdminBoardPatch = z.infer<typeof adminBoardPatch>;

/** A board as the console shows it. */
export const adminBoard = adminBoardFields.extend({
  boardCode: z.string(),
  /** Live posts on the board. */
  itemCount: z.number().int(),
  createdDate: z.string(),
});
export type AdminBoard = z.infer<typeof adminBoard>;

/** The roles a board's permissions may name (the console's permission matrix). */
export const boardRoleOption = z.object({ roleCode: z.string(), name: z.string() });
export const adminBoardList = z.object({ content: z.array(adminBoard), roles: z.array(boardRoleOption) });
export type AdminBoardList = z.infer<typeof adminBoardList>;
export const adminBoardParams = z.object({ boardCode: z.string().min(1).max(40) });

/** `GET /api/board`: every board, for the menu and for links built from a board code. */
export const boardMenuEntry = z.object({
  boardCode: z.string(),
  area,
  name: z.string(),
  listStyle: z.enum(listStyles),
  sortOrder: z.number().int(),
});
export type BoardMenuEntry = z.infer<typeof boardMenuEntry>;
export const boardMenu = z.object({ content: z.array(boardMenuEntry) });
export type BoardMenu = z.infer<typeof boardMenu>;
