// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { areas, listStyles, searchTypes, sortFields } from './board-values';

export const area = z.enum(areas);
export type Area = z.infer<typeof area>;

/** Which role codes may do each action on a board. */
export const boardPermissionRoles = z.object({
  list: z.array(z.string()),
  read: z.array(z.string()),
  write: z.array(z.string()),
  comment: z.array(z.string()),
  download: z.array(z.string()),
  manage: z.array(z.string()),
});
export type BoardPermissionRoles = z.infer<typeof boardPermissionRoles>;

/** `GET /api/board/{boardCode}`: public settings plus what the caller may do. */
export const board = z.object({
  boardCode: z.string(),
  area,
  name: z.string(),
  description: z.string(),
  listStyle: z.enum(listStyles),
  allowAttachments: z.boolean(),
  useComments: z.boolean(),
  pageSize: z.number().int(),
  maxFiles: z.number().int(),
  maxFileSize: z.number().int(),
  /** Largest image for the editor (`PUT /api/board-item/images`), in bytes. */
  maxImageSize: z.number().int(),
  categories: z.array(z.string()),
  permissions: z.object({
    list: z.boolean(),
    read: z.boolean(),
    write: z.boolean(),
    comment: z.boolean(),
    download: z.boolean(),
    manage: z.boolean(),
  }),
});
export type Board = z.infer<typeof board>;

export const boardFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  downloadCount: z.number().int(),
});
export type BoardFile = z.infer<typeof boardFile>;

export const boardItemSummary = z.object({
  boardCode: z.string(),
  itemNo: z.number().int(),
  title: z.string(),
  category: z.string().nullable(),
  writerName: z.string(),
  /** ISO 8601 with offset, e.g. 2026-11-22T14:03:00+09:00 */
  createdDate: z.string(),
  modifiedDate: z.string(),
  viewCount: z.number().int(),
  commentCount: z.number().int(),
  fileCount: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  isNotice: z.boolean(),
  showItemToMain: z.boolean(),
  isSecret: z.boolean(),
  /** Sanitised HTML; empty for a private post the caller may not read. */
  content: z.string(),
  files: z.array(boardFile),
  /** Inquiry boards: when an administrator answered (null: not answered yet). */
  answeredDate: z.string().nullable(),
});
export type BoardItemSummary = z.infer<typeof boardItemSummary>;

export const boardItemNeighbour = z.object({ itemNo: z.number().int(), title: z.string() }).nullable();

/** Contact details an inquirer left (inquiry board); only its writer and managers see them. */
export const boardItemContact = z.object({ email: z.string(), phone: z.string().nullable() });

export const boardItem = boardItemSummary.extend({
  prev: boardItemNeighbour,
  next: boardItemNeighbour,
  /** Whether the caller may edit and delete this post (its writer, or a manager of the board). */
  editable: z.boolean(),
  /** Inquiry boards: the administrator's answer (plain text), for the writer and managers. */
  answer: z.string().nullable(),
  contact: boardItemContact.nullable(),
});
export type BoardItem = z.infer<typeof boardItem>;

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** Board list query (spec §3, §7). `page` starts at 1; `sort` is `field,DIRECTION`. */
export const boardItemListQuery = z.object({
  boardCode: z.string().min(1).max(40),
  sort: z
    .string()
    .regex(new RegExp(`^(${sortFields.join('|')}),(ASC|DESC|asc|desc)$`), '정렬 기준이 올바르지 않습니다.')
    .default('createdDate,DESC'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(100).optional(),
  showItemToMain: booleanish.optional(),
  /** When true, pinned notices come back in `notices` (for every page) and are left out of `content`. */
  pinNotices: booleanish.optional(),
  searchType: z.enum(searchTypes).optional(),
  keyword: z.string().trim().max(100).optional(),
  category: z.string().max(50).optional(),
});
export type BoardItemListQuery = z.input<typeof boardItemListQuery>;

export const boardItemPage = z.object({
  content: z.array(boardItemSummary),
  notices: z.array(boardItemSummary),
  totalElements: z.number().int(),
  /**
   * True when a search found at least as many posts as the server counts (1,000): totalElements
   * is then a lower bound ("1,000건 이상"); every page's content stays exact.
   */
  totalCapped: z.boolean(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type BoardItemPage = z.infer<typeof boardItemPage>;

export const boardItemParams = z.object({
  boardCode: z.string().min(1).max(40),
  itemNo: z.coerce.number().int().min(1).max(2147483647),
});
