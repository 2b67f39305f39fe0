import { sql } from 'drizzle-orm';
import type { BoardPermissionRoles } from '@contract';
import type { Db } from '../db/client';
import { board } from '../db/schema';
import { insertItem } from '@server/modules/board';
import { ROLE_ADMIN, ROLE_GUEST, ROLE_MEMBER } from './role-codes';

/**
 * The FAQ board (issue 22, "FAQ (자주 묻는 질문)") and its first eight questions, from patients
 * and hospital staff. They are the site's own answers, not demo content: a production site
 * (SEED_DEMO=false) gets them too, and staff edit or delete them like any post. An existing site
 * gets them on its first start after the upgrade (index.ts seedWhatIsMissing); a site that has the
 * board already is left alone, so a question staff deleted never comes back.
 *
 * The answers name no telephone number or address: the site's contact details live in the
 * settings (누리집 하단의 연락처) and change there, so an answer that copied them would go stale.
 */

export const FAQ_BOARD = 'faq';

export const faqCategories = ['환자', '의료기관', '등록시스템'] as const;
type FaqCategory = (typeof faqCategories)[number];

const everyone = [ROLE_GUEST, ROLE_MEMBER, ROLE_ADMIN];
const admins = [ROLE_ADMIN];
/** Read like 공지사항; only administrators write, and an FAQ takes no comments. */
const faqPermissions: BoardPermissionRoles = { list: everyone, read: everyone, write: admins, comment: admins, download: everyone, manage: admins };

export const faqBoard: typeof board.$inferInsert = {
  boardCode: FAQ_BOARD,
  area: 'Nids',
  name: '자주 묻는 질문',
  description: '환자와 의료기관에서 자주 묻는 질문과 답변을 모았습니다.',
  listStyle: 'faq',
  categories: [...faqCategories],
  useComments: false,
  // Every question on one page: an FAQ is read by scanning its questions, not by paging.
  pageSize: 50,
  permissions: faqPermissions,
  // After the eight boards of the first seed: the menu lists it under 알림마당 after 문의하기.
  sortOrder: 9,
};

export interface FaqQuestion {
  category: FaqCategory;
  title: string;
  /** Blocks of simple HTML, joined with newlines (the board's sanitiser keeps all of it). */
  body: readonly string[];
}

const contactFooter = '누리집 하단의 연락처(전화, 전자우편)';

/** In the order they are listed under each category (the list shows them by item number). */
export const faqQuestions: readonly FaqQuestion[] = [
  {
    category: '환자',
    title: '인체이식형 의료기기 환자등록은 무엇이고, 어떤 의료기기가 등록 대상인가요?',
    body: [
      '<p>인체이식형 의료기기 환자등록은 몸속에 이식하는 의료기기를 사용한 환자의 수술 정보와 이식한 제품 정보, 이후의 경과를 모아 두는 사업입니다. 드물게 생기는 이상사례를 일찍 찾아내고, 어떤 제품이 회수되거나 안전성 문제가 생겼을 때 그 제품을 이식받은 환자에게 빠르게 알리기 위해 운영합니다.</p>',
      '<p>등록 대상은 식품의약품안전처가 추적관리 대상으로 지정한 인체이식형 의료기기 가운데 등록사업이 정한 품목입니다. 대표적으로 다음과 같은 기기가 있습니다.</p>',
      '<ul><li>인공 고관절·슬관절 등 인공관절</li><li>이식형 심장박동기, 이식형 심장충격기</li><li>유방 보형물</li><li>그 밖에 추적관리 대상으로 지정된 이식 의료기기</li></ul>',
      '<p>이식받은 기기가 대상인지는 수술받은 병원의 등록 담당자에게 확인하실 수 있습니다. 등록은 환자 본인의 동의를 받아 참여 의료기관에서 진행합니다.</p>',
    ],
  },
  {
    category: '환자',
    title: '제가 이식받은 의료기기가 등록되어 있는지 어떻게 확인하나요?',
    body: [
      '<p>등록은 수술받은 참여 의료기관에서 하므로, 먼저 <strong>수술받은 병원의 주치의나 등록 담당자</strong>에게 문의해 주세요. 병원에서 등록 여부와 등록된 제품 정보를 확인해 드립니다.</p>',
      `<p>병원에서 확인이 어렵거나 병원이 문을 닫은 경우에는 ${contactFooter}로 문의해 주세요. 본인임을 확인한 뒤 등록 여부를 안내해 드립니다. 다른 사람의 등록 정보는 가족이라도 본인의 위임 없이 알려 드릴 수 없습니다.</p>`,
      '<p>문의하실 때 수술받은 병원과 수술 시기, 수술 때 받은 이식 기기 카드나 수술 기록에 적힌 제품명·모델명을 알려 주시면 더 빨리 확인할 수 있습니다. 주민등록번호 같은 개인정보는 문의하기 게시판이나 전자우편에 적지 마세요.</p>',
    ],
  },
  {
    category: '환자',
    title: '이식받은 의료기기의 회수(리콜) 통보를 받았습니다. 어떻게 해야 하나요?',
    body: [
      '<p>회수 통보를 받으셨다고 해서 곧바로 기기를 빼내는 수술이 필요한 것은 아닙니다. 회수는 같은 제품에서 문제가 확인되었거나 그럴 가능성이 있어 제조·수입업체가 제품을 거두어들이는 조치이며, 이미 이식된 기기를 어떻게 할지는 환자의 상태를 보고 의사가 판단합니다.</p>',
      '<ol><li>통보문에 적힌 <strong>제품명, 회수 사유, 권고 사항</strong>을 확인해 주세요.</li><li><strong>수술받은 병원(주치의)</strong>에 연락해 진료 일정을 잡고, 통보문을 가져가 상담받으세요.</li><li>이식 부위의 통증, 부기, 열감, 모양 변화가 있거나, 심장 이식기기라면 어지러움·실신·가슴 두근거림이 있으면 예약을 기다리지 말고 바로 진료를 받으세요.</li><li>의사와 상의하기 전에는 스스로 기기를 빼거나 치료를 그만두지 마세요.</li></ol>',
      '<p>회수 제품과 안전성 서한은 자료실의 <strong>안전성 정보</strong> 게시판에서도 볼 수 있습니다. 이사나 전화번호 변경으로 연락처가 바뀌면 수술받은 병원에 알려 주세요. 그래야 다음 안내도 제때 받으실 수 있습니다.</p>',
    ],
  },
  {
    category: '환자',
    title: '등록된 제 개인정보는 어떻게 보호되나요? 등록을 철회할 수도 있나요?',
    body: [
      '<p>등록 정보는 「개인정보 보호법」에 따라 환자께서 동의하신 목적, 곧 환자 안전과 회수·안전성 정보 안내, 그리고 연구·통계에만 씁니다. 이름과 주민등록번호처럼 개인을 알아볼 수 있는 정보는 암호화하여 보관하고, 연구·통계에는 개인을 알아볼 수 없도록 가명 처리한 자료만 씁니다.</p>',
      '<p>등록 정보는 권한을 받은 담당자만 볼 수 있으며, 누가 언제 어떤 정보를 열람했는지 모두 기록하여 점검합니다.</p>',
      `<p>동의는 언제든지 철회하실 수 있습니다. 수술받은 병원의 등록 담당자나 ${contactFooter}로 요청해 주세요. 철회하셔도 진료에는 아무런 불이익이 없습니다. 다만 철회한 뒤에는 이식받은 기기의 회수·안전성 정보를 등록사업을 통해 안내받기 어려울 수 있습니다.</p>`,
      '<p>자세한 내용은 누리집 하단의 <strong>개인정보처리방침</strong>에서 보실 수 있습니다.</p>',
    ],
  },
  {
    category: '의료기관',
    title: '우리 병원도 환자등록사업에 참여할 수 있나요? 참여 절차가 궁금합니다.',
    body: [
      '<p>등록 대상 의료기기를 이식하는 수술을 하는 의료기관이라면 규모와 관계없이 참여하실 수 있습니다. 참여 절차는 다음과 같습니다.</p>',
      `<ol><li><strong>참여 신청</strong>: ${contactFooter}로 기관명과 담당 부서, 담당자 연락처를 알려 주세요.</li><li><strong>안내와 협약</strong>: 사업 내용과 등록 항목, 개인정보 처리 방법을 안내해 드리고 참여 협약을 맺습니다.</li><li><strong>담당자 지정과 계정 발급</strong>: 기관의 등록 담당자를 정하시면 환자등록시스템 계정을 발급해 드립니다.</li><li><strong>교육과 등록 시작</strong>: 담당자 교육을 마친 뒤, 동의한 환자의 수술 정보부터 등록을 시작합니다.</li></ol>`,
      '<p>참여 안내서와 서식은 자료실의 <strong>공개자료</strong> 게시판에서 내려받으실 수 있습니다.</p>',
    ],
  },
  {
    category: '의료기관',
    title: '환자에게 등록 동의를 받을 때 무엇을 설명해야 하나요?',
    body: [
      '<p>등록은 환자의 자발적인 동의를 받아야 합니다. 동의서를 받기 전에 다음 내용을 환자가 이해할 수 있도록 설명해 주세요.</p>',
      '<ul><li>등록하는 목적: 이상사례를 일찍 찾고, 회수·안전성 정보를 환자에게 알리기 위함</li><li>수집하는 항목: 인적 사항, 이식한 기기의 제품 정보, 수술과 추적관찰 정보</li><li>보유 기간과 이용 범위, 연구·통계에는 가명 처리한 자료만 쓴다는 점</li><li>동의하지 않을 권리가 있고, 동의하지 않아도 진료에 불이익이 없다는 점</li><li>동의한 뒤에도 언제든지 철회할 수 있고, 철회하는 방법</li></ul>',
      '<p>동의서 서식과 환자용 설명 자료는 자료실의 <strong>공개자료</strong> 게시판에 있습니다. 환자가 직접 읽기 어려운 경우 보호자에게도 함께 설명해 주세요.</p>',
    ],
  },
  {
    category: '등록시스템',
    title: '환자등록시스템 계정은 어떻게 받고, 비밀번호를 잊어버리면 어떻게 하나요?',
    body: [
      '<p>환자등록시스템 계정은 참여 의료기관의 등록 담당자에게 한 사람에 하나씩 발급합니다. 새 담당자가 오거나 담당자가 바뀌면 기관의 기존 담당자나 책임자를 통해 계정 발급을 요청해 주세요. 등록 정보는 민감한 개인정보이므로 <strong>계정을 여러 사람이 함께 쓰시면 안 됩니다.</strong></p>',
      `<p>비밀번호를 잊으셨거나 계정이 잠긴 경우에는 ${contactFooter}로 연락해 주세요. 본인과 소속 기관을 확인한 뒤 초기화해 드립니다. 퇴직하거나 업무가 바뀐 담당자의 계정은 바로 사용 중지를 요청해 주세요.</p>`,
      '<p>환자등록시스템 접속 주소와 이용 방법은 <strong>환자등록시스템 안내</strong> 화면에서 보실 수 있습니다.</p>',
    ],
  },
  {
    category: '등록시스템',
    title: '등록이나 시스템 이용에 대해 궁금한 점은 어디로 문의하면 되나요?',
    body: [
      `<p>${contactFooter}로 문의해 주세요. 전화는 누리집 하단에 적힌 운영 시간에 받으며, 전자우편과 알림마당의 <strong>문의하기</strong> 게시판은 언제든지 남기실 수 있습니다. 문의하기에 남기신 글은 담당자가 확인한 뒤 입력하신 전자우편으로 답변해 드립니다.</p>`,
      '<p>이식받은 기기와 관련된 증상이나 치료는 수술받은 병원의 주치의와 상담해 주세요. 등록사업에서는 의학적인 진단이나 치료 방법을 안내해 드릴 수 없습니다.</p>',
      '<p>문의하실 때 주민등록번호나 진료 기록 같은 개인정보는 적지 말아 주세요. 본인 확인이 필요한 경우 담당자가 따로 안내해 드립니다.</p>',
    ],
  },
];

/** Whether the FAQ board is there (any case: board codes match case-insensitively). */
export async function hasFaqBoard(db: Db): Promise<boolean> {
  const rows = await db.select({ boardCode: board.boardCode }).from(board).where(sql`lower(${board.boardCode}) = ${FAQ_BOARD}`);
  return rows.length > 0;
}

/**
 * Writes the FAQ board and its questions unless the board exists; true when it wrote them. Runs
 * inside the caller's transaction, which holds the seed lock (index.ts), so two instances starting
 * together write it once. `now` dates the questions, a millisecond apart in list order.
 */
export async function seedFaqIfMissing(tx: Db, now: Date): Promise<boolean> {
  if (await hasFaqBoard(tx)) return false;
  await tx.insert(board).values(faqBoard);
  for (const [i, question] of faqQuestions.entries()) {
    await insertItem(tx, {
      boardCode: FAQ_BOARD,
      title: question.title,
      content: question.body.join('\n'),
      category: question.category,
      writerId: null,
      writerName: '등록관리팀',
      // Not on the home page's latest lists: the questions are not news.
      showItemToMain: false,
      createdAt: new Date(now.getTime() + i),
    });
  }
  return true;
}
