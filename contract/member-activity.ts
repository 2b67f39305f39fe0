// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { inquiryStatus } from './inquiry';
import { pageFields, pageQuery } from './paging';

/**
 * My page's activity tabs (issue 23): `GET /api/user/{id}/activity?type=posts|comments|inquiries`.
 * The member's own posts (inquiries apart), their comments with the post each belongs to, and
 * their inquiries with the queue's status, newest first. Each row names its post by board area,
 * board code and number, so the screen links it with `paths.boardView`.
 */
export const memberActivityTypes = ['posts', 'comments', 'inquiries'] as const;
export const memberActivityType = z.enum(memberActivityTypes);
export type MemberActivityType = z.infer<typeof memberActivityType>;

export const memberActivityQuery = z.object({
  type: memberActivityType.default('posts'),
  ...pageQuery,
  size: z.coerce.number().int().min(1).max(50).default(10),
});

export const memberActivityItem = z.object({
  /** The post: its board (code, name, area of its screens), number and title. */
  boardCode: z.string(),
  boardName: z.string(),
  area: z.string(),
  itemNo: z.number().int(),
  title: z.string(),
  isSecret: z.boolean(),
  /** When the post (posts, inquiries) or the comment (comments) was written. */
  createdDate: z.string(),
  /** comments: the comment's id and its text (the start of it); otherwise null. */
  commentId: z.number().int().nullable(),
  comment: z.string().nullable(),
  /** inquiries: 접수 / 처리중 / 완료; otherwise null. */
  status: inquiryStatus.nullable(),
});
export type MemberActivityItem = z.infer<typeof memberActivityItem>;

export const memberActivityPage = z.object({ type: memberActivityType, content: z.array(memberActivityItem), ...pageFields });
export type MemberActivityPage = z.infer<typeof memberActivityPage>;

/** The tabs' labels (the issue's words) and what an empty tab says. */
export const memberActivityLabels: Record<MemberActivityType, { tab: string; empty: string }> = {
  posts: { tab: '내가 쓴 글', empty: '작성한 글이 없습니다.' },
  comments: { tab: '내 댓글', empty: '작성한 댓글이 없습니다.' },
  inquiries: { tab: '내 문의', empty: '문의한 내역이 없습니다.' },
};
