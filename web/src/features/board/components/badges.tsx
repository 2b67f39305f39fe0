import { AttachmentIcon, LockIcon } from './icons';

/** Pinned notice: a word, not a colour. */
export function NoticeBadge() {
  return <span className="badge badge--notice">공지</span>;
}

/** Created within the last days (format.isNew): "N" on screen, "새 글" for screen readers. */
export function NewBadge() {
  return (
    <span className="badge badge--new">
      <span aria-hidden="true">N</span>
      <span className="visually-hidden">새 글</span>
    </span>
  );
}

export function SecretMark() {
  return (
    <span className="secret-mark">
      <LockIcon />
      <span className="visually-hidden">비밀글</span>
    </span>
  );
}

export function AttachmentMark() {
  return (
    <span className="attachment-mark">
      <AttachmentIcon />
      <span className="visually-hidden">첨부파일 있음</span>
    </span>
  );
}

/** "[3]" after a title, read as "댓글 3개". */
export function CommentCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="comment-count">
      <span aria-hidden="true">[{count}]</span>
      <span className="visually-hidden">댓글 {count}개</span>
    </span>
  );
}
