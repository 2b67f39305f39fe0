/**
 * Realistic Korean posts for the benchmark board: notices, safety information, registration and
 * training announcements about implantable medical devices, written the way the registry's staff
 * write them (a bracketed kind, a device, an event; short formal paragraphs, some lists).
 * Deterministic: post `n` is the same on every run, so reseeded boards compare across runs.
 */

/** mulberry32: a small seeded PRNG (Math.random cannot be seeded). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const devices = [
  '인공 고관절', '인공 슬관절', '인공 어깨관절', '심장박동기', '이식형 심장충격기', '인공심장판막', '관상동맥 스텐트',
  '말초혈관 스텐트', '인공혈관', '유방 보형물', '인공수정체', '인공와우', '척추 고정기기', '인공 추간판', '뇌심부 자극기',
  '이식형 인슐린 주입기', '이식형 약물 주입펌프', '치과용 임플란트', '안면 보형물', '좌심실 보조장치', '인공 항문 괄약근',
];
const makers = ['가나메디칼', '한빛메드텍', '서울바이오닉스', '대한정형', '누리하트', '미래의료기기', '한결임플란트', '동방메디컬'];
const kinds = ['[공지]', '[안내]', '[안전성 정보]', '[회수]', '[교육]', '[채용]', '[자료]', '[점검]', ''];
const titleTemplates: ((r: Picker) => string)[] = [
  (p) => `${p(kinds)} ${year(p)}년 ${p(devices)} 환자등록 ${p(['참여기관 모집', '절차 변경', '운영 계획', '결과 공개', '현황 보고'])} 안내`,
  (p) => `${p(kinds)} ${p(devices)} ${p(['이상사례 보고', '자발적 회수', '사용상 주의사항 변경', '안전성 서한 배포', '추적관리 대상 지정'])} 알림`,
  (p) => `${p(makers)} ${p(devices)} 제조번호 ${lot(p)} 회수 관련 환자 안내`,
  (p) => `환자등록시스템 ${p(['정기 점검', '서버 증설', '보안 업데이트', '기능 개선', '접속 장애 복구'])} 안내 (${month(p)}월 ${day(p)}일)`,
  (p) => `${year(p)}년 ${p(['상반기', '하반기', '1분기', '2분기', '3분기', '4분기'])} ${p(devices)} 등록 현황`,
  (p) => `의료기관 담당자 대상 ${p(['환자등록 교육', '온라인 설명회', '개인정보 보호 교육', '시스템 사용법 교육'])} 개최 안내`,
  (p) => `${p(devices)} 이식 환자 ${p(['장기 추적조사', '만족도 조사', '부작용 설문', '정기 검진 안내'])} 실시`,
  (p) => `${p(['등록 서식', '동의서 양식', '이상사례 보고서', '추적관리 기록지'])} 개정에 따른 작성 방법 안내`,
  (p) => `${year(p)}년 인체이식형 의료기기 환자등록사업 ${p(['연차보고서', '성과 보고서', '통계 자료집'])} 발간`,
  (p) => `${p(['설 연휴', '추석 연휴', '연말연시', '하계 휴가'])} 기간 고객센터 운영 안내`,
];
const sentences: ((r: Picker) => string)[] = [
  (p) => `${p(devices)} 이식 환자의 안전한 사후관리를 위하여 환자등록사업을 운영하고 있습니다.`,
  (p) => `${year(p)}년 ${month(p)}월 ${day(p)}일부터 ${p(devices)} 관련 등록 절차가 아래와 같이 변경되오니 참고하시기 바랍니다.`,
  (p) => `${p(makers)}에서 제조한 ${p(devices)} 일부 제품에서 ${p(['파손', '기능 저하', '조기 마모', '전지 소모', '표면 변색'])} 가능성이 확인되어 자발적 회수를 진행합니다.`,
  () => '해당 제품을 이식받은 환자께서는 담당 의료기관에 문의하시어 정기 검진 일정을 확인하시기 바랍니다.',
  () => '의료기관 담당자께서는 환자등록시스템에 접속하여 이식 환자의 추적관리 기록을 빠짐없이 입력해 주시기 바랍니다.',
  () => '등록된 정보는 「개인정보 보호법」에 따라 안전하게 관리되며, 환자등록사업의 목적 외로는 사용되지 않습니다.',
  (p) => `문의 사항은 환자등록사업팀(02-3489-71${String(10 + Math.floor(p.random() * 80))})으로 연락 주시기 바랍니다.`,
  () => '이상사례가 의심되는 경우 즉시 의료기기 이상사례 보고 절차에 따라 신고해 주시기 바랍니다.',
  (p) => `이번 ${p(['교육 일정', '설명회 일정', '조사 일정'])}은 ${month(p)}월 중 온라인으로 진행되며, 참석을 원하시는 분은 사전 신청이 필요합니다.`,
  () => '자세한 내용은 첨부한 안내문과 자주 묻는 질문을 참고하시기 바랍니다.',
  (p) => `${p(devices)} 이식 후 ${p(['발열', '통증', '부종', '어지러움', '호흡곤란'])} 등의 증상이 나타나면 가까운 의료기관을 방문하시기 바랍니다.`,
  (p) => `등록 대상 품목은 ${p(devices)}, ${p(devices)}, ${p(devices)} 등 총 ${10 + Math.floor(p.random() * 30)}개 품목입니다.`,
  () => '환자등록사업은 인체이식형 의료기기의 장기적인 안전성과 유효성 정보를 수집하여 국민 건강을 보호하는 것을 목표로 합니다.',
  (p) => `시스템 점검 시간(${1 + Math.floor(p.random() * 5)}시~${6 + Math.floor(p.random() * 3)}시) 동안에는 서비스 이용이 일시 중단됩니다.`,
  () => '참여 의료기관에는 등록 실적에 따라 소정의 사례비가 지급됩니다.',
];
const listItems = [
  '대상: 환자등록사업 참여 의료기관 담당자', '일시: 추후 개별 안내', '장소: 온라인(화상회의)', '신청 방법: 누리집 공지사항의 신청서 제출',
  '제출 서류: 등록 동의서, 추적관리 기록지', '문의: 환자등록사업팀', '회수 대상: 해당 제조번호 제품 전체', '조치 사항: 정기 검진 시 상태 확인',
];
const writers = ['관리자', '환자등록사업팀', '안전정보팀', '시스템운영팀', '교육홍보팀'];

interface Picker {
  <T>(list: readonly T[]): T;
  random: () => number;
}

function picker(random: () => number): Picker {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Object.assign(pick, { random });
}
const year = (p: Picker) => 2015 + Math.floor(p.random() * 11);
const month = (p: Picker) => 1 + Math.floor(p.random() * 12);
const day = (p: Picker) => 1 + Math.floor(p.random() * 28);
const lot = (p: Picker) => `${String.fromCharCode(65 + Math.floor(p.random() * 26))}${Math.floor(100000 + p.random() * 900000)}`;

function paragraph(p: Picker): string {
  const count = 1 + Math.floor(p.random() * 4);
  return Array.from({ length: count }, () => p(sentences)(p)).join(' ');
}

/** A post body as the TipTap editor writes it: paragraphs, sometimes a bold line and a list. */
function body(p: Picker): string {
  const parts: string[] = [];
  const paragraphs = 1 + Math.floor(p.random() * 6);
  for (let i = 0; i < paragraphs; i++) {
    parts.push(i === 0 && p.random() < 0.3 ? `<p><strong>${p(sentences)(p)}</strong></p>` : `<p>${paragraph(p)}</p>`);
    if (i === 0 && p.random() < 0.35) {
      const items = 2 + Math.floor(p.random() * 4);
      parts.push(`<ul>${Array.from({ length: items }, () => `<li><p>${p(listItems)}</p></li>`).join('')}</ul>`);
    }
  }
  return parts.join('');
}

export interface BenchPost {
  title: string;
  /** HTML, as the editor sends it (the seeder sanitises it as insertItem does). */
  content: string;
  writerName: string;
  isNotice: boolean;
  showItemToMain: boolean;
  viewCount: number;
  createdAt: Date;
}

/** Posts are spread evenly from this date to `now`, oldest first, like item numbers. */
export const FIRST_POST_AT = Date.UTC(2015, 0, 5);

/**
 * Post `index` (0 = oldest) of a board of `total` posts. About one in 2,000 is a notice (a few
 * dozen pinned at 100,000 posts); older posts have had time to gather more views.
 */
export function benchPost(index: number, total: number, now: number): BenchPost {
  const random = seededRandom(index * 2654435761 + 17);
  const p = picker(random);
  const span = now - FIRST_POST_AT;
  const slot = span / Math.max(total, 1);
  const createdAt = new Date(Math.floor(FIRST_POST_AT + slot * index + random() * slot * 0.9));
  const age = 1 - index / Math.max(total, 1);
  return {
    title: p(titleTemplates)(p).replace(/\s+/g, ' ').trim(),
    content: body(p),
    writerName: p(writers),
    isNotice: random() < 0.0005,
    showItemToMain: random() < 0.95,
    viewCount: Math.floor(Math.exp(random() * Math.log(300 + 5000 * age))),
    createdAt,
  };
}
