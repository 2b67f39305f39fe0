import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BoardPermissionRoles, ListStyle, Area, UserProfileField, AuthType } from '@contract';

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
    /** ACTIVE; LOCKED is blocked by an administrator; RETIRED has left (personal fields erased). */
    status: text('status').$type<'ACTIVE' | 'LOCKED' | 'RETIRED'>().notNull().default('ACTIVE'),
    /** Wrong passwords in a row; the fifth locks sign-in until `lockedUntil` and starts the count again. */
    failedSigninCount: integer('failed_signin_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** When the member agreed to the terms and the privacy notice at sign-up (PIPA: consent is recorded). */
    termsAgreedAt: timestamp('terms_agreed_at', { withTimezone: true }),
    retireReason: text('retire_reason'),
    /** Set by "sign out everywhere": access tokens issued before it are refused, refresh tokens are revoked. */
    sessionsRevokedAt: timestamp('sessions_revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_user_key_uq').on(t.userKeyCode),
    // One account per e-mail address (stored lower-case): password reset and find-ID look it up.
    uniqueIndex('app_user_email_uq').on(t.email),
    index('app_user_mobile_idx').on(t.mobile),
    // The console's member list, newest first, and its sign-up period filter.
    index('app_user_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The console's member search: the start of a name or of a sign-in key (LIKE 'x%' under any
    // collation needs text_pattern_ops); e-mail and mobile are matched whole by the indexes above.
    index('app_user_name_prefix_idx').on(t.name.op('text_pattern_ops')),
    index('app_user_key_prefix_idx').on(t.userKeyCode.op('text_pattern_ops')),
    // The member list filtered by role or by status, newest first; the roles screen's member counts.
    index('app_user_role_idx').on(t.roleCode, t.createdAt.desc(), t.id.desc()),
    index('app_user_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

export type KeyTokenPurpose = 'SIGNUP' | 'FIND_ID' | 'CHANGE_KEY' | 'RESET';

/**
 * A pincode sent to an e-mail address or mobile number, and the token that stands for it
 * (docs/decisions/0006-account-tokens.md). Only hashes are stored. PENDING until the pincode is
 * confirmed, CONFIRMED for 30 minutes, then USED by one sign-up, find-ID, reset or key change.
 */
export const userKeyToken = pgTable(
  'user_key_token',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    keyType: text('key_type').$type<'EMAIL' | 'MOBILE'>().notNull(),
    keyCode: text('key_code').notNull(),
    purpose: text('purpose').$type<KeyTokenPurpose>().notNull(),
    pincodeHash: text('pincode_hash').notNull(),
    /** Pincode attempts so far; the sixth is refused. */
    tries: integer('tries').notNull().default(0),
    status: text('status').$type<'PENDING' | 'CONFIRMED' | 'USED'>().notNull().default('PENDING'),
    /** The member a RESET token is for; null for every other purpose and for unknown addresses. */
    userId: bigint('user_id', { mode: 'number' }).references(() => appUser.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_key_token_hash_uq').on(t.tokenHash),
    // Send limits count the sends to one key in the last minute and the last ten minutes.
    index('user_key_token_key_idx').on(t.keyType, t.keyCode, t.createdAt),
    index('user_key_token_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Refresh tokens (hashes only). Every sign-in starts a family; each use spends the token and
 * issues the next one in the family. A spent token used again revokes the whole family.
 */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => appUser.id),
    familyId: text('family_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * An administrator's last request with this sign-in (issue 12: idle timeout), written at most
     * once a minute; null until then, when `created_at` stands for it. Members' rows stay null.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_token_hash_uq').on(t.tokenHash),
    index('refresh_token_user_idx').on(t.userId),
    index('refresh_token_family_idx').on(t.familyId),
    // Housekeeping deletes tokens a day past their expiry (modules/housekeeping).
    index('refresh_token_expires_idx').on(t.expiresAt),
  ],
);

/**
 * An account's authenticator app (issue 12: administrators' two-factor sign-in). The row exists from
 * the start of enrolment; `confirmedAt` is set once a first code matched, and from then on every
 * sign-in of the account needs a code. `lastUsedStep` is the 30-second step of the last code
 * accepted: a code is good once, so one seen over a shoulder or in a log cannot be replayed.
 */
export const twoFactor = pgTable('two_factor', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => appUser.id),
  /** The shared secret, base32, as the app holds it. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per enrolled account (SHA-256 of the code; each has 50 random bits). */
export const twoFactorRecoveryCode = pgTable(
  'two_factor_recovery_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => appUser.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_code_uq').on(t.userId, t.codeHash)],
);

/** Every e-mail and SMS the site sends (pincodes), with its delivery result: audit, and the dev transport. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'EMAIL' | 'SMS'>().notNull(),
    /** smtp, webhook or dev (kept here and printed to the server log only). */
    transport: text('transport').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    error: text('error'),
    /** Sends tried so far (the first, then retries by housekeeping). */
    attempts: integer('attempts').notNull().default(1),
    /**
     * The body is whole, so a failed send may be tried again: not a pincode message (its code is
     * masked here, and too short-lived to resend), nor the development transport's.
     */
    retriable: boolean('retriable').notNull().default(false),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    // Housekeeping deletes records older than 30 days (modules/housekeeping).
    index('outbox_created_idx').on(t.createdAt),
    // Messages still to send again (delivery/retry.ts): few, so a small partial index.
    index('outbox_unsent_idx').on(t.createdAt).where(sql`sent_at IS NULL AND retriable`),
  ],
);

/** Self-hosted CAPTCHA challenges: hashes of the image answer and of the text alternative's answer. */
export const captchaChallenge = pgTable(
  'captcha_challenge',
  {
    id: text('id').primaryKey(),
    imageAnswerHash: text('image_answer_hash').notNull(),
    textAnswerHash: text('text_answer_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captcha_challenge_expires_idx').on(t.expiresAt)],
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
  maxImageSize: integer('max_image_size').notNull().default(10 * 1024 * 1024),
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
    /** Inquiry boards: contact details the inquirer left, and when they consented to their use. */
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    /** Inquiry boards: the administrator's answer (plain text). */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: bigint('answered_by', { mode: 'number' }).references(() => appUser.id),
    /** Inquiry boards: the console's queue state (접수 / 처리중 / 완료); an answer makes it DONE. */
    inquiryStatus: text('inquiry_status').$type<'RECEIVED' | 'IN_PROGRESS' | 'DONE'>().notNull().default('RECEIVED'),
    /**
     * Search tokens: unigrams and bigrams of title (t:), text content (c:), writer (w:) and the
     * attachments' file names (f:, issue 23's site search).
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
    // One index per list order the API offers; partial on live posts. After the order come the
    // columns list filters ask about (notice, home page, category), so a page's ids are found by an
    // index-only scan whatever the filter (docs/decisions/0011-counts-and-deep-pages.md).
    index('board_item_created_idx')
      .on(t.boardCode, t.createdAt.desc(), t.id.desc(), t.isNotice, t.showItemToMain, t.category)
      .where(sql`deleted_at IS NULL`),
    index('board_item_view_idx')
      .on(t.boardCode, t.viewCount.desc(), t.id.desc(), t.isNotice, t.showItemToMain, t.category)
      .where(sql`deleted_at IS NULL`),
    index('board_item_title_idx').on(t.boardCode, t.title, t.id, t.isNotice, t.showItemToMain, t.category).where(sql`deleted_at IS NULL`),
    index('board_item_list_no_idx').on(t.boardCode, t.itemNo, t.id, t.isNotice, t.showItemToMain, t.category).where(sql`deleted_at IS NULL`),
    index('board_item_notice_idx').on(t.boardCode, t.createdAt.desc()).where(sql`deleted_at IS NULL AND is_notice`),
    index('board_item_main_idx').on(t.boardCode, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL AND show_item_to_main`),
    index('board_item_search_idx').using('gin', t.searchTokens),
    // Inquiry boards list only the caller's own posts.
    index('board_item_writer_idx').on(t.boardCode, t.writerId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL`),
    // The console's inquiry queue, filtered by status, newest first.
    index('board_item_inquiry_status_idx')
      .on(t.boardCode, t.inquiryStatus, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at IS NULL`),
    // My page's 내가 쓴 글 (issue 23): a member's posts on every board, newest first.
    index('board_item_writer_created_idx').on(t.writerId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL`),
    // The site search (issue 23) walks board_item_created_idx once per board and merges the walks
    // (board/site-search.ts): an index ordered across boards made small boards' feeds walk past the
    // big ones' posts (migration 0023).
  ],
);

/**
 * How many live posts each board has, split by what list filters ask (notice, home page, category;
 * '' for no category), so a list's total is a sum over a few rows instead of a count over the
 * board. Kept exact by triggers on board_item in the same transaction as every write, whoever
 * writes (migration 0007; docs/decisions/0011-counts-and-deep-pages.md). Never written by the app.
 */
export const boardItemCount = pgTable(
  'board_item_count',
  {
    boardCode: text('board_code').notNull(),
    isNotice: boolean('is_notice').notNull(),
    showItemToMain: boolean('show_item_to_main').notNull(),
    category: text('category').notNull(),
    itemCount: bigint('item_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardCode, t.isNotice, t.showItemToMain, t.category] })],
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
    /**
     * attachment: listed under the post; image: shown inside its content (editor images);
     * alumni-import: an address-book workbook waiting to be imported (deleted by the import);
     * popup: a pop-up notice's image (issue 22), public, removed with its pop-up.
     */
    kind: text('kind').$type<'attachment' | 'image' | 'alumni-import' | 'popup'>().notNull().default('attachment'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => appUser.id),
    createdAt: createdAt(),
  },
  (t) => [
    // The files of a post (or of a page of posts) in display order, without a sort.
    index('stored_file_item_idx').on(t.boardItemId, t.sortOrder, t.createdAt),
    index('stored_file_unattached_idx').on(t.createdBy, t.createdAt).where(sql`board_item_id IS NULL`),
  ],
);

/**
 * A single-use upload URL (issue 4): only the SHA-256 of its token is stored. Spent by one
 * conditional UPDATE, so a URL used twice or after `expiresAt` is refused.
 */
export const uploadTicket = pgTable(
  'upload_ticket',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => appUser.id),
    boardCode: text('board_code').references(() => board.boardCode),
    fileName: text('file_name').notNull(),
    declaredType: text('declared_type').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    /** The largest file this URL accepts, fixed when it was issued. */
    maxSize: bigint('max_size', { mode: 'number' }).notNull(),
    /** What the upload is for: a board or site file, or an address-book workbook to import (only .xlsx). */
    purpose: text('purpose').$type<'attachment' | 'alumni-import'>().notNull().default('attachment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('upload_ticket_expires_idx').on(t.expiresAt)],
);

/** Comments: plain text, replies one level deep (`parentId`). Kept (as 삭제된 댓글입니다) while replies remain. */
export const boardItemComment = pgTable(
  'board_item_comment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardItemId: bigint('board_item_id', { mode: 'number' }).notNull().references(() => boardItem.id),
    parentId: bigint('parent_id', { mode: 'number' }),
    writerId: bigint('writer_id', { mode: 'number' }).references(() => appUser.id),
    writerName: text('writer_name').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Thread order: each top-level comment, then its replies.
    // Not partial: a deleted comment stays in the thread (삭제된 댓글입니다) while it has replies.
    index('board_item_comment_thread_idx').on(t.boardItemId, sql`coalesce(parent_id, id)`, t.id),
    index('board_item_comment_parent_idx').on(t.parentId),
    // The console's dashboard counts this week's comments.
    index('board_item_comment_created_idx').on(t.createdAt).where(sql`deleted_at IS NULL`),
    // My page's 내 댓글 (issue 23): a member's comments, newest first.
    index('board_item_comment_writer_idx').on(t.writerId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL`),
  ],
);

/**
 * Personal-data access records (PIPA safeguards, issue 9): every time staff view, reveal, change,
 * export or import personal data, and every grant or removal of admin rights. Append-only:
 * triggers (migration 0008) refuse UPDATE, DELETE and TRUNCATE, and on INSERT take a lock, give
 * the row the next `id` and chain it to the previous row with `prev_hash` and `hash`
 * (SHA-256 over the row's fields, see `accessRecordCanonicalText`). `npm run verify-access-records`
 * recomputes the chain. The app inserts rows only through modules/access-record/repo.ts (insertAccessRecord).
 */
export const accessRecord = pgTable(
  'access_record',
  {
    /** Assigned by the insert trigger under the chain lock, so ids follow the chain's order. */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The staff account (null only for rows made by the system itself). */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => appUser.id),
    /** The account's sign-in key at the time, kept even if the account later changes it. */
    actorKey: text('actor_key').notNull(),
    /** The client address the request came from. */
    address: text('address').notNull(),
    /** What was done: contract/access-record.ts `accessActions`. */
    action: text('action').notNull(),
    /** Whose records: member, inquiry, alumni, role or access-record. */
    subjectType: text('subject_type').notNull(),
    /** Which records (ids, a member's key) or which filter, in words a reviewer reads. */
    subject: text('subject').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The stated reason: required for exports and imports. */
    reason: text('reason'),
    rowCount: integer('row_count'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('access_record_at_idx').on(t.at.desc(), t.id.desc()),
    index('access_record_actor_idx').on(t.actorId, t.id.desc()),
    index('access_record_action_idx').on(t.action, t.id.desc()),
  ],
);

/** Sign-in failures (wrong password, locked account), for the console's dashboard. */
export const signinFailure = pgTable(
  'signin_failure',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => appUser.id),
    userKeyCode: text('user_key_code').notNull(),
    address: text('address').notNull(),
    /** This failure locked the account (the fifth in a row). */
    locked: boolean('locked').notNull().default(false),
  },
  (t) => [index('signin_failure_at_idx').on(t.at)],
);

/**
 * The address book (spec §7 `/api/alumni`), kept by staff. `searchTokens` holds the unigrams and
 * bigrams of name, organisation, department, e-mail and phone, so 1- and 2-syllable Korean
 * keywords use the GIN index (as board search does, docs/decisions/0004-korean-search.md).
 */
export const alumni = pgTable(
  'alumni',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    organization: text('organization').notNull().default(''),
    department: text('department').notNull().default(''),
    position: text('position').notNull().default(''),
    /** Stored lower-case; an import matches rows to records by it. */
    email: text('email'),
    phone: text('phone').notNull().default(''),
    memo: text('memo').notNull().default(''),
    searchTokens: text('search_tokens').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alumni_email_uq').on(t.email),
    index('alumni_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('alumni_name_idx').on(t.name, t.id),
    index('alumni_search_idx').using('gin', t.searchTokens),
  ],
);

/**
 * One row per visitor, post and day, so a view is counted once a day (issue 2). Like the tally
 * below, it names its post without a foreign key (migration 0025, decision 0045): a key's check
 * locks the post's row, and that lock writes the post's heap page (and, after a checkpoint, the
 * whole page into the WAL) for every view a flush stores. The flush stores views of posts it
 * finds (board/repo.ts storeViews), and posts are never deleted, only marked so.
 */
export const boardItemView = pgTable(
  'board_item_view',
  {
    boardItemId: bigint('board_item_id', { mode: 'number' }).notNull(),
    visitorKey: text('visitor_key').notNull(),
    viewDate: date('view_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardItemId, t.visitorKey, t.viewDate] }), index('board_item_view_date_idx').on(t.viewDate)],
);

/**
 * Views counted since the last fold, per post (issue 24). A flush adds here instead of to
 * board_item.view_count: this row is narrow, its only index is the key and the count is not
 * indexed, so the update is HOT and rewrites no index entry; updating board_item's row would
 * write a new entry in every one of its indexes, the search tokens' GIN index among them. A post
 * shows view_count plus its tally; the fold (board/view-fold.ts) moves tallies into view_count
 * every VIEW_FOLD_MINUTES, once across instances. Two storage parameters Drizzle cannot declare:
 * fill factor 70 (migration 0024) leaves each page room for its rows' new versions, and VACUUM
 * keeps the pages a fold emptied (vacuum_truncate off, migration 0026, decision 0046): planned on
 * a table of no pages, a post's read scanned the whole tally while flushes refilled it.
 */
export const boardItemViewTally = pgTable('board_item_view_tally', {
  // No foreign key (see board_item_view): a tally of a post that is gone folds into nothing.
  boardItemId: bigint('board_item_id', { mode: 'number' }).primaryKey(),
  views: integer('views').notNull(),
});

export type SiteSettingValues = {
  authType: AuthType;
  useCapcha: boolean;
  userProfiles: UserProfileField[];
  roleCodeForGuest: string;
};

/**
 * The last run of each background job (housekeeping today), shared by every instance: a run is
 * taken under an advisory lock and skipped while the last one is recent, so a job runs once per
 * interval across instances and restarts (modules/background/run-once.ts).
 */
export const backgroundRun = pgTable('background_run', {
  job: text('job').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** What the last finished run did (counts), or its error message. */
  lastResult: jsonb('last_result'),
  runs: integer('runs').notNull().default(0),
});

/**
 * The site's own words (issue 22): the information pages, the terms and the privacy policy. Every
 * save is a new version of its page (`code`): a draft (`effectiveFrom` null) or published from
 * `effectiveFrom` on, which may be in the future (a scheduled revision). The current version of a
 * page is its published one with the latest `effectiveFrom` not after now; a version's effective
 * period ends where the next published one's begins. `version` is handed out as base + 1 by the
 * editor's save, so two staff saving over the same base collide on the primary key.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    code: text('code').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Rich text (sanitised HTML) for most pages; rows for the history, units for the organisation chart. */
    body: jsonb('body').notNull(),
    /** The body as a reader sees it (tags removed), for site search and descriptions. */
    bodyText: text('body_text').notNull().default(''),
    /** The editor's short note on what changed. */
    note: text('note').notNull().default(''),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }),
    /** The version this one restores, when it is a restore. */
    restoredFrom: integer('restored_from'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => appUser.id),
    /** Who saved it, as the console shows it, kept if the account later changes. */
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.version] }),
    // The current version and the public history of a page: its published versions by effective date.
    index('content_version_published_idx')
      .on(t.code, t.effectiveFrom.desc(), t.version.desc())
      .where(sql`effective_from IS NOT NULL`),
    // Scheduled versions still to take effect, across pages (the timer that refreshes caches).
    index('content_version_effective_idx').on(t.effectiveFrom).where(sql`effective_from IS NOT NULL`),
  ],
);

/**
 * The header menu (issue 22) as one document per menu (`key` 'header'): a tree of entries, each
 * with a stable id, a label, a site path or an external URL, and hidden. `revision` grows by one on
 * every save, so a save over a newer revision can be refused and caches keyed by it.
 */
export const siteMenu = pgTable('site_menu', {
  key: text('key').primaryKey(),
  items: jsonb('items').notNull(),
  revision: integer('revision').notNull().default(1),
  modifiedBy: bigint('modified_by', { mode: 'number' }).references(() => appUser.id),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pop-up notices (팝업, issue 22): shown on the home page or on every public screen between two times. */
export const popup = pgTable(
  'popup',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** Sanitised rich text, as a post's. */
    body: text('body').notNull().default(''),
    imageFileId: text('image_file_id'),
    /** The image's text alternative as staff wrote it; null: the title is used (pop-ups made before it existed too). */
    imageAlt: text('image_alt'),
    linkUrl: text('link_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    screen: text('screen').$type<'home' | 'all'>().notNull().default('home'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => appUser.id),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The active ones: those not yet ended, by start.
  (t) => [index('popup_active_idx').on(t.endsAt, t.startsAt, t.id)],
);

/**
 * The salt of the day's visitor keys (issue 23): a visitor key is a hash of the day's random salt,
 * the address and the browser (decisions 0044, 0048), so page satisfaction and visitor statistics count a visitor
 * once a day without keeping an address or setting a cookie. A salt is kept only for its day (Korean
 * calendar date): the row of an earlier day is deleted when the next day's is made, and with it any
 * way to tie a stored key back to an address (module visitor-key).
 */
export const dailySalt = pgTable('daily_salt', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * Visitor statistics (issue 23), counted in memory and written in batches (module visit): page
 * views and visitors per Korean day and hour, bots apart. A few dozen rows a day whatever the
 * traffic; kept VISIT_RETENTION_DAYS (housekeeping). `visitors`: distinct visitor keys in the hour;
 * `dayVisitors`: visitors first seen that day in this hour, so a day's visitors are a sum.
 */
export const visitHour = pgTable(
  'visit_hour',
  {
    day: date('day').notNull(),
    /** 0-23, Korean time. */
    hour: integer('hour').notNull(),
    bot: boolean('bot').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
    dayVisitors: integer('day_visitors').notNull(),
  },
  // The key INCLUDEs the counts (migration 0023, which drizzle cannot declare): a period's hours are an
  // index-only range in key order, whatever the server's random_page_cost.
  (t) => [primaryKey({ columns: [t.day, t.hour, t.bot] })],
);

/**
 * The console's top lists (issue 23), per Korean day: `kind` screen, post (`boardCode/itemNo`),
 * referrer (another site's host), device or browser, with its views and, for device and browser,
 * visitors (humans only). Bounded by the site's screens, its posts, the hosts that link to it.
 */
export const visitCount = pgTable(
  'visit_count',
  {
    kind: text('kind').$type<'screen' | 'post' | 'referrer' | 'device' | 'browser'>().notNull(),
    day: date('day').notNull(),
    value: text('value').notNull(),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
  },
  // The key INCLUDEs the counts, and visit_count_value_idx (kind, value, day) INCLUDE (views,
  // visitors) finds a few values' days (the previous period of a top list); both in migration 0023,
  // as drizzle cannot declare INCLUDE. A top list's period is an index-only range of the key.
  (t) => [primaryKey({ columns: [t.kind, t.day, t.value] })],
);

/**
 * Who was already counted (issue 23): a visitor key per Korean day, and per hour of it, so each
 * instance's batches count a visitor once however many instances saw them. Only today's rows
 * de-duplicate anything: housekeeping keeps two days.
 */
export const visitVisitorDay = pgTable(
  'visit_visitor_day',
  {
    day: date('day').notNull(),
    visitorKey: text('visitor_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorKey] })],
);

export const visitVisitorHour = pgTable(
  'visit_visitor_hour',
  {
    day: date('day').notNull(),
    hour: integer('hour').notNull(),
    visitorKey: text('visitor_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour, t.visitorKey] })],
);

/**
 * Page satisfaction (만족도 조사, issue 23): one answer per screen, visitor and Korean calendar day.
 * No address and no cookie: `visitor_key` is the day's salted key (module visitor-key), which can
 * no longer be tied to an address once the day's salt is gone. Kept two years (housekeeping), as
 * the comment is free text a visitor may have put personal data in.
 */
export const pageFeedback = pgTable(
  'page_feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The screen as counted: lower-case, without a trailing slash (contract feedbackScreenKey). */
    path: text('path').notNull(),
    /** The Korean calendar day of the answer. */
    day: date('day').notNull(),
    visitorKey: text('visitor_key').notNull(),
    /** 1 (매우 불만족) to 5 (매우 만족). */
    score: integer('score').notNull(),
    /** Plain text, null when none was written. */
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    // The once-a-day rule: a second answer from the same visitor to the same screen that day clashes.
    uniqueIndex('page_feedback_once_idx').on(t.path, t.day, t.visitorKey),
    // The console's summary of a period (index-only: day range, grouped by screen) and the pruning by day.
    index('page_feedback_day_idx').on(t.day, t.path, t.score),
    // The comments of a period, newest first (scanned backward: an index declared DESC would be
    // NULLS LAST, which ORDER BY day DESC, NULLS FIRST by default, cannot use), of every screen and of one.
    index('page_feedback_comment_idx').on(t.day, t.id).where(sql`comment IS NOT NULL`),
    index('page_feedback_screen_comment_idx').on(t.path, t.day, t.id).where(sql`comment IS NOT NULL`),
    check('page_feedback_score_check', sql`score BETWEEN 1 AND 5`),
  ],
);

/**
 * The site search's terms (issue 23): one row per term a visitor searched on a day (Korean calendar
 * date), under the day's visitor key, so a term is counted once a visitor a day and the popular
 * terms are those most visitors searched in the last 7 days. Terms that look like an e-mail address
 * or a phone number are never stored (server/modules/search/terms.ts). Housekeeping deletes days
 * older than the window.
 */
export const searchTermVisit = pgTable(
  'search_term_visit',
  {
    day: date('day').notNull(),
    term: text('term').notNull(),
    visitorKey: text('visitor_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.term, t.visitorKey] })],
);

/** Terms staff hid from the popular list (console, CONTENT_Manage): still searchable, never shown as popular. */
export const searchTermHidden = pgTable('search_term_hidden', {
  term: text('term').primaryKey(),
  hiddenBy: bigint('hidden_by', { mode: 'number' }).references(() => appUser.id),
  /** When it was hidden. */
  createdAt: createdAt(),
});
