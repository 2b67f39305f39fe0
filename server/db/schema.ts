import { sql } from 'drizzle-orm';
import {
  bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BoardPermissionRoles, ListStyle, Area, UserProfileField, AuthType } from '../../contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const role = pgTable('role', {
  roleCode: text('role_code').primaryKey(),
  name: text('name').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

export const appUser = pgTable(
  'app_user',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The sign-in key chosen by authType: an ID, an e-mail or a mobile number. */
    userKeyCode: text('user_key_code').notNull(),
    userType: text('user_type').$type<'Member' | 'Admin'>().notNull().default('Member'),
    roleCode: text('role_code').notNull().references(() => role.roleCode),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'ACTIVE' | 'LOCKED' | 'RETIRED'>().notNull().default('ACTIVE'),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_user_key_uq').on(t.userKeyCode)],
);

/** Key/value site settings (spec §3); values are JSON. */
export const siteSetting = pgTable('site_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server secrets made on first start (token signing key), so every instance on one database agrees. */
export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const board = pgTable('board', {
  boardCode: text('board_code').primaryKey(),
  area: text('area').$type<Area>().notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  listStyle: text('list_style').$type<ListStyle>().notNull().default('list'),
  permissions: jsonb('permissions').$type<BoardPermissionRoles>().notNull(),
  allowAttachments: boolean('allow_attachments').notNull().default(true),
  useComments: boolean('use_comments').notNull().default(false),
  pageSize: integer('page_size').notNull().default(10),
  maxFiles: integer('max_files').notNull().default(5),
  maxFileSize: integer('max_file_size').notNull().default(20 * 1024 * 1024),
  categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Last item number handed out; bumped atomically when a post is created. */
  lastItemNo: integer('last_item_no').notNull().default(0),
  createdAt: createdAt(),
});

export const boardItem = pgTable(
  'board_item',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardCode: text('board_code').notNull().references(() => board.boardCode),
    itemNo: integer('item_no').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The content as a reader sees it (tags removed, entities decoded): search recheck and excerpts. */
    contentText: text('content_text').notNull().default(''),
    category: text('category'),
    writerId: bigint('writer_id', { mode: 'number' }).references(() => appUser.id),
    writerName: text('writer_name').notNull(),
    isNotice: boolean('is_notice').notNull().default(false),
    showItemToMain: boolean('show_item_to_main').notNull().default(true),
    isSecret: boolean('is_secret').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    thumbnailFileId: text('thumbnail_file_id'),
    /**
     * Search tokens: unigrams and bigrams of title (t:), text content (c:) and writer (w:).
     * A GIN index on this array serves 1- and 2-syllable Korean queries, which trigram indexes
     * cannot; see docs/decisions/0004-korean-search.md.
     */
    searchTokens: text('search_tokens').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('board_item_no_uq').on(t.boardCode, t.itemNo),
    // One index per list order the API offers; partial on live posts.
    index('board_item_created_idx').on(t.boardCode, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL`),
    index('board_item_view_idx').on(t.boardCode, t.viewCount.desc(), t.id.desc()).where(sql`deleted_at IS NULL`),
    index('board_item_title_idx').on(t.boardCode, t.title, t.id).where(sql`deleted_at IS NULL`),
    index('board_item_notice_idx').on(t.boardCode, t.createdAt.desc()).where(sql`deleted_at IS NULL AND is_notice`),
    index('board_item_main_idx').on(t.boardCode, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL AND show_item_to_main`),
    index('board_item_search_idx').using('gin', t.searchTokens),
  ],
);

export const storedFile = pgTable(
  'stored_file',
  {
    id: text('id').primaryKey(),
    boardItemId: bigint('board_item_id', { mode: 'number' }).references(() => boardItem.id),
    originalName: text('original_name').notNull(),
    /** Server-made name under DATA_DIR/files; never derived from the uploaded name. */
    storedName: text('stored_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    thumbnailName: text('thumbnail_name'),
    width: integer('width'),
    height: integer('height'),
    downloadCount: integer('download_count').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => appUser.id),
    createdAt: createdAt(),
  },
  (t) => [index('stored_file_item_idx').on(t.boardItemId, t.sortOrder)],
);

/** One row per visitor, post and day, so a view is counted once a day (issue 2). */
export const boardItemView = pgTable(
  'board_item_view',
  {
    boardItemId: bigint('board_item_id', { mode: 'number' }).notNull().references(() => boardItem.id),
    visitorKey: text('visitor_key').notNull(),
    viewDate: date('view_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardItemId, t.visitorKey, t.viewDate] }), index('board_item_view_date_idx').on(t.viewDate)],
);

export type SiteSettingValues = {
  authType: AuthType;
  useCapcha: boolean;
  userProfiles: UserProfileField[];
  roleCodeForGuest: string;
};
