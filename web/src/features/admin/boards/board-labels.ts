import type { Area, BoardAction, ListStyle } from '@contract';

export const areaLabels: Record<Area, string> = { Nids: '알림마당 (Nids)', Reference: '자료실 (Reference)', Member: '커뮤니티 (Member)' };
export const listStyleLabels: Record<ListStyle, string> = { list: '목록', gallery: '갤러리', video: '동영상', inquiry: '문의', faq: 'FAQ (자주 묻는 질문)' };
export const actionLabels: Record<BoardAction, string> = {
  list: '목록 보기',
  read: '글 읽기',
  write: '글쓰기',
  comment: '댓글 쓰기',
  download: '파일 내려받기',
  manage: '관리',
};
