import type { PosterMotif } from './images';

/**
 * Demo posts for a new site (SEED_DEMO=false turns them off). Companies and products are never
 * named: recalls and safety letters speak of "A사" and similar. Dates are Korea Standard Time,
 * fall on working days and increase within each board, because item numbers follow them.
 */

export interface DemoFile {
  /** The Korean file name shown to readers, with its .pdf extension. */
  name: string;
  /** English title printed in the PDF (the standard PDF fonts have no Hangul). */
  titleEn: string;
  /** A few English lines describing the document. */
  summary?: readonly string[];
}

export interface DemoPost {
  /** 'YYYY-MM-DD HH:mm' in Korea Standard Time. */
  at: string;
  title: string;
  /** Blocks of simple HTML, joined with newlines. */
  body: readonly string[];
  views: number;
  /** Writer shown on the post; the board's default writer when left out. */
  writer?: string;
  /** A member's post: no user account behind it, only the writer name. */
  byMember?: boolean;
  pinned?: boolean;
  files?: readonly DemoFile[];
}

export interface DemoVideo extends DemoPost {
  motif: PosterMotif;
  /** File name of the poster image. */
  posterName: string;
}

export const contact = '고객지원센터(02-3489-7100, registry@nids.or.kr)';

export const notices: readonly DemoPost[] = [
  {
    at: '2026-03-03 10:00',
    title: '2026년 인체이식형 의료기기 환자등록사업 참여 안내',
    writer: '등록관리팀',
    views: 884,
    pinned: true,
    body: [
      '<p>한국의료기기안전정보원은 인체이식형 의료기기를 이식받은 환자의 안전을 지키기 위해 2026년에도 환자등록사업을 운영합니다. 이식 이후의 경과를 꾸준히 모으면 드물게 발생하는 이상사례를 일찍 발견하고, 회수·안전성 정보를 해당 환자에게 빠르게 알릴 수 있습니다.</p>',
      '<h3>등록 대상</h3>',
      '<ul><li>인공 고관절·슬관절 등 인공관절</li><li>이식형 심장박동기, 이식형 심장충격기</li><li>유방 보형물</li><li>그 밖에 식품의약품안전처가 추적관리 대상으로 지정한 이식 의료기기</li></ul>',
      '<h3>참여 방법</h3>',
      '<p>참여 의료기관에서 수술을 받으신 환자는 주치의나 등록 담당자에게 설명을 듣고 동의서를 작성하시면 됩니다. 의료기관은 환자등록시스템에 수술 정보와 추적관찰 결과를 입력합니다. 등록된 정보는 <strong>환자 안전과 연구 목적</strong>으로만 쓰이며, 개인을 알아볼 수 있는 정보는 암호화하여 보관합니다.</p>',
      `<p>자세한 내용은 첨부한 참여 안내서를 참고하시고, 궁금한 점은 ${contact}로 문의해 주시기 바랍니다.</p>`,
    ],
    files: [
      {
        name: '2026년 환자등록사업 참여 안내서.pdf',
        titleEn: 'Registry Participation Guide 2026',
        summary: ['Who can take part, how consent is obtained and what data are collected.', 'For patients, hospitals and registry coordinators.'],
      },
    ],
  },
  {
    at: '2026-03-18 14:00',
    title: '환자등록시스템 정기 점검 안내(3월 28일)',
    writer: '시스템운영팀',
    views: 412,
    body: [
      '<p>보다 안정적인 서비스를 제공하기 위해 환자등록시스템 정기 점검을 실시합니다. 점검 시간에는 등록시스템 접속과 자료 입력이 일시 중단되니 업무에 참고해 주시기 바랍니다.</p>',
      '<ul><li><strong>일시</strong>: 2026년 3월 28일(토) 02:00~06:00 (4시간)</li><li><strong>대상</strong>: 환자등록시스템 전체(누리집 공지사항·자료실은 정상 이용 가능)</li><li><strong>내용</strong>: 서버 보안 업데이트, 데이터베이스 백업 점검</li></ul>',
      '<p>점검 전에 작성 중인 등록 자료는 반드시 임시저장해 주세요. 작업 상황에 따라 점검 시간이 다소 줄거나 늘어날 수 있습니다. 이용에 불편을 드려 죄송합니다.</p>',
    ],
  },
  {
    at: '2026-04-02 09:30',
    title: '2026년 상반기 등록 담당자 교육 일정 안내',
    writer: '등록관리팀',
    views: 627,
    body: [
      '<p>참여 의료기관의 등록 담당자(연구간호사, 코디네이터 등)를 대상으로 상반기 정기 교육을 실시합니다. 올해 바뀐 동의서 서식과 등록 항목 입력 기준, 자주 발생하는 입력 오류 사례를 중심으로 진행합니다.</p>',
      '<table><caption>2026년 상반기 등록 담당자 교육 일정</caption><thead><tr><th scope="col">일자</th><th scope="col">장소</th><th scope="col">정원</th></tr></thead><tbody>' +
        '<tr><td>4월 16일(목) 14:00~17:00</td><td>서울 정보원 교육장</td><td>40명</td></tr>' +
        '<tr><td>4월 22일(수) 14:00~17:00</td><td>부산 지역 협력병원 회의실</td><td>30명</td></tr>' +
        '<tr><td>4월 29일(수) 14:00~16:30</td><td>온라인 실시간 교육</td><td>100명</td></tr>' +
        '</tbody></table>',
      '<p>신청은 4월 10일(금)까지 등록시스템의 [교육 신청] 메뉴에서 하실 수 있습니다. 교육을 이수하신 분께는 수료증을 발급해 드립니다.</p>',
    ],
    files: [
      {
        name: '2026년 상반기 등록 담당자 교육 일정표.pdf',
        titleEn: 'Coordinator Training Schedule, First Half of 2026',
        summary: ['Three sessions in April: Seoul, Busan and online.', 'Topics: revised consent form, data entry rules, common entry errors.'],
      },
    ],
  },
  {
    at: '2026-04-21 11:00',
    title: '개인정보처리방침 개정 안내(2026년 5월 1일 시행)',
    writer: '정보보호팀',
    views: 763,
    pinned: true,
    body: [
      '<p>환자등록사업 개인정보처리방침이 다음과 같이 개정되어 2026년 5월 1일부터 시행됨을 알려드립니다.</p>',
      '<h3>주요 개정 내용</h3>',
      '<ul><li>가명정보 처리 및 연구 목적 제공 절차 명시</li><li>개인정보 보존 기간을 등록 항목별로 구체화</li><li>개인정보 보호책임자 연락처 변경</li><li>정보주체의 열람·정정·삭제 요구 방법 안내 보완</li></ul>',
      '<p>개정 전후 내용은 첨부한 신구대비표에서 확인하실 수 있습니다. 개정된 방침은 누리집 하단의 [개인정보처리방침]에서 언제든지 보실 수 있습니다.</p>',
    ],
    files: [
      {
        name: '개인정보처리방침 신구대비표.pdf',
        titleEn: 'Privacy Policy Revision: Comparison Table',
        summary: ['Effective 1 May 2026.', 'Pseudonymised data, retention periods, contact of the privacy officer.'],
      },
    ],
  },
  {
    at: '2026-05-07 15:00',
    title: '2026년 등록 환자 만족도 설문조사 실시 안내',
    writer: '등록관리팀',
    views: 538,
    body: [
      '<p>환자등록사업에 참여하고 계신 환자분들의 의견을 듣고 사업을 개선하기 위해 만족도 설문조사를 실시합니다.</p>',
      '<ul><li><strong>기간</strong>: 2026년 5월 11일(월)~5월 29일(금)</li><li><strong>대상</strong>: 환자등록사업에 등록된 환자 및 보호자</li><li><strong>방법</strong>: 문자메시지로 보내드리는 설문 링크 또는 참여 의료기관 안내문의 QR코드</li><li><strong>소요 시간</strong>: 약 5분</li></ul>',
      '<p>설문은 익명으로 진행되며, 응답 내용은 통계 목적으로만 활용됩니다. 설문을 마치신 분 중 300명을 추첨하여 모바일 상품권을 드립니다.</p>',
    ],
  },
  {
    at: '2026-05-26 10:00',
    title: '이식 의료기기 환자 카드 모바일 발급 서비스 시작',
    writer: '홍보협력팀',
    views: 471,
    body: [
      '<p>6월 1일(월)부터 이식 의료기기 환자 카드를 스마트폰으로도 발급받으실 수 있습니다. 환자 카드에는 이식받은 의료기기의 종류, 모델명, 제조번호와 수술 병원이 담겨 있어 다른 병원에서 진료를 받거나 MRI 검사를 받을 때 유용합니다.</p>',
      '<ul><li>발급 대상: 환자등록사업에 등록된 환자 본인</li><li>발급 방법: 본인 인증 후 모바일 전자지갑에 저장</li><li>종이 카드는 지금처럼 수술 병원에서 계속 발급합니다.</li></ul>',
      '<p>진료를 받으실 때 의료진에게 환자 카드를 보여주시면 안전한 검사와 치료에 도움이 됩니다.</p>',
    ],
  },
  {
    at: '2026-06-10 13:30',
    title: '환자단체·관련 학회와 이식 의료기기 환자 안전 업무협약 체결',
    writer: '홍보협력팀',
    views: 356,
    body: [
      '<p>한국의료기기안전정보원은 6월 8일(월) 환자단체 및 정형외과·심장 분야 관련 학회와 이식 의료기기 환자 안전을 위한 업무협약을 맺었습니다.</p>',
      '<p>이번 협약으로 각 기관은 다음 분야에서 협력합니다.</p>',
      '<ul><li>환자등록 참여 확대를 위한 공동 홍보</li><li>등록 자료를 활용한 공동 연구와 결과 공유</li><li>회수·안전성 정보의 신속한 환자 안내 체계 마련</li></ul>',
      '<p>정보원은 앞으로도 의료진, 환자, 산업계가 함께 참여하는 협력 체계를 넓혀 나가겠습니다.</p>',
    ],
  },
  {
    at: '2026-06-30 16:00',
    title: '「2025년 인체이식형 의료기기 환자등록사업 연차보고서」 발간 안내',
    writer: '등록관리팀',
    views: 692,
    body: [
      '<p>2025년 한 해 동안의 환자등록사업 운영 결과를 정리한 연차보고서를 발간하였습니다.</p>',
      '<p>보고서에는 참여 의료기관 현황, 의료기기 종류별 등록 환자 수, 추적관찰 결과와 이상사례 분석, 등록 자료를 활용한 연구 성과가 담겨 있습니다. 2025년에는 참여 의료기관이 118곳으로 늘었고, 새로 등록된 환자는 11,630명이었습니다.</p>',
      '<p>보고서 전문은 [자료실 &gt; 연차보고서] 게시판에서 내려받으실 수 있습니다. 인쇄본이 필요한 기관은 고객지원센터로 요청해 주세요.</p>',
    ],
  },
  {
    at: '2026-07-15 10:00',
    title: '환자등록 항목 개정(제4판) 시행 안내',
    writer: '등록관리팀',
    views: 445,
    body: [
      '<p>등록 자료의 활용도를 높이고 입력 부담을 줄이기 위해 환자등록 항목을 개정하였습니다. 개정 항목은 <strong>2026년 8월 3일(월) 수술 건</strong>부터 적용됩니다.</p>',
      '<h3>주요 변경 사항</h3>',
      '<ul><li>인공수정체 등록 항목 신설</li><li>이식형 심장충격기의 작동 기록 항목 추가</li><li>인공관절 추적관찰 시점을 수술 후 1년·3년·5년으로 정리</li><li>중복되거나 활용도가 낮은 12개 항목 삭제</li></ul>',
      '<p>항목별 변경 내용은 첨부한 대비표를 참고해 주십시오. 등록시스템 입력 화면도 같은 날 함께 바뀝니다.</p>',
    ],
    files: [
      {
        name: '환자등록 항목 개정 대비표(제4판).pdf',
        titleEn: 'Registry Data Items, 4th Revision: Comparison Table',
        summary: ['Applies to operations from 3 August 2026.', 'New intraocular lens items; ICD therapy records; simplified follow-up schedule.'],
      },
    ],
  },
  {
    at: '2026-08-05 14:00',
    title: '2026년 하반기 등록 담당자 온라인 교육 신청 안내',
    writer: '등록관리팀',
    views: 384,
    body: [
      '<p>하반기 교육은 개정된 등록 항목(제4판)을 중심으로 모두 온라인 실시간 교육으로 진행합니다. 처음 업무를 맡은 담당자를 위한 기초 과정도 마련하였습니다.</p>',
      '<table><caption>2026년 하반기 온라인 교육 일정</caption><thead><tr><th scope="col">과정</th><th scope="col">일시</th><th scope="col">대상</th></tr></thead><tbody>' +
        '<tr><td>기초 과정</td><td>9월 8일(화) 14:00~16:00</td><td>신규 등록 담당자</td></tr>' +
        '<tr><td>개정 항목 과정</td><td>9월 17일(목) 14:00~16:00</td><td>모든 등록 담당자</td></tr>' +
        '<tr><td>자료 품질관리 과정</td><td>10월 13일(화) 14:00~16:00</td><td>책임 연구자, 등록 담당자</td></tr>' +
        '</tbody></table>',
      '<p>신청 기간은 8월 10일(월)부터 8월 28일(금)까지입니다. 교육 접속 주소는 신청하신 분께 교육 3일 전에 문자메시지로 보내드립니다.</p>',
    ],
  },
  {
    at: '2026-08-27 09:00',
    title: '환자등록시스템 간편인증 로그인 도입 안내',
    writer: '시스템운영팀',
    views: 301,
    body: [
      '<p>9월 1일(화)부터 환자등록시스템에 간편인증 로그인을 도입합니다. 기존 공동인증서 로그인과 함께, 휴대전화의 인증 앱으로도 로그인하실 수 있습니다.</p>',
      '<ul><li>처음 한 번은 기존 방식으로 로그인한 뒤 [내 정보 &gt; 로그인 수단 관리]에서 간편인증을 등록해 주세요.</li><li>보안을 위해 30분 동안 사용하지 않으면 자동으로 로그아웃됩니다.</li></ul>',
      `<p>로그인에 문제가 있으시면 ${contact}로 연락해 주시기 바랍니다.</p>`,
    ],
  },
  {
    at: '2026-09-16 11:00',
    title: '추석 연휴 기간 고객지원센터 운영 안내',
    writer: '등록관리팀',
    views: 192,
    body: [
      '<p>추석 연휴 기간인 9월 24일(목)부터 9월 27일(일)까지 고객지원센터 전화 상담을 쉽니다. 9월 28일(월)부터 정상 운영합니다.</p>',
      '<p>연휴 기간에도 환자등록시스템과 누리집은 정상적으로 이용하실 수 있으며, 문의하기 게시판에 남겨주신 글은 연휴가 끝난 뒤 차례대로 답변해 드리겠습니다.</p>',
      '<p>풍성하고 건강한 한가위 보내시기 바랍니다.</p>',
    ],
  },
  {
    at: '2026-10-06 10:30',
    title: '2026년 환자등록 우수 의료기관 선정 결과 안내',
    writer: '등록관리팀',
    views: 263,
    body: [
      '<p>등록 자료의 충실도와 추적관찰 입력률을 평가하여 2026년 환자등록 우수 의료기관 10곳을 선정하였습니다. 환자 안전을 위해 애써주신 의료진과 등록 담당자 여러분께 감사드립니다.</p>',
      '<h3>평가 기준</h3>',
      '<ul><li>필수 항목 입력 완성도(40점)</li><li>추적관찰 자료 입력률(40점)</li><li>자료 오류 수정 기한 준수(20점)</li></ul>',
      '<p>선정 기관 명단은 첨부 파일을 확인해 주십시오. 시상은 11월 연례 워크숍에서 진행할 예정입니다.</p>',
    ],
    files: [
      {
        name: '2026년 환자등록 우수기관 선정 결과.pdf',
        titleEn: 'Registry Excellence Awards 2026: Selected Hospitals',
        summary: ['Ten hospitals selected for data completeness and follow-up rates.'],
      },
    ],
  },
  {
    at: '2026-10-28 15:00',
    title: '2027년 참여 의료기관 사전 수요조사 안내',
    writer: '등록관리팀',
    views: 118,
    body: [
      '<p>2027년 환자등록사업에 새로 참여하고자 하는 의료기관의 수요를 미리 조사합니다. 인체이식형 의료기기 수술을 하는 의료기관이라면 규모와 관계없이 신청하실 수 있습니다.</p>',
      '<ul><li><strong>제출 기한</strong>: 2026년 11월 20일(금)</li><li><strong>제출 방법</strong>: 첨부한 수요조사서를 작성하여 전자우편(registry@nids.or.kr)으로 제출</li><li><strong>지원 내용</strong>: 등록 담당 인력 인건비 일부, 등록시스템 사용 교육</li></ul>',
      '<p>수요조사 결과는 내년 사업 계획 수립에 반영되며, 최종 참여 기관은 별도 공모를 거쳐 선정합니다.</p>',
    ],
    files: [
      {
        name: '2027년 참여 의료기관 수요조사서.pdf',
        titleEn: 'Hospital Participation Survey for 2027',
        summary: ['Deadline: 20 November 2026.'],
      },
    ],
  },
  {
    at: '2026-11-12 10:00',
    title: '환자등록시스템 연말 정기 점검 안내(11월 28일)',
    writer: '시스템운영팀',
    views: 47,
    body: [
      '<p>연말 자료 마감을 앞두고 환자등록시스템의 성능 개선을 위한 정기 점검을 실시합니다.</p>',
      '<ul><li><strong>일시</strong>: 2026년 11월 28일(토) 01:00~07:00</li><li><strong>내용</strong>: 서버 증설, 통계 화면 속도 개선, 보안 점검</li></ul>',
      '<p>점검 시간에는 등록시스템을 이용하실 수 없습니다. 12월 등록 자료 마감 일정은 그대로 유지되니 미리 입력해 주시기 바랍니다.</p>',
    ],
  },
];

export const publicPosts: readonly DemoPost[] = [
  {
    at: '2026-03-05 10:00',
    title: '환자용 안내서 「인체이식형 의료기기 환자등록, 이렇게 참여하세요」',
    views: 812,
    body: [
      '<p>환자등록사업이 무엇인지, 왜 참여하면 좋은지, 등록된 정보는 어떻게 보호되는지를 환자와 보호자의 눈높이에 맞춰 정리한 안내서입니다.</p>',
      '<ul><li>환자등록사업은 어떤 사업인가요?</li><li>등록하면 무엇이 좋은가요?</li><li>내 정보는 어떻게 보호되나요?</li><li>동의를 철회하고 싶을 때는 어떻게 하나요?</li></ul>',
      '<p>의료기관 대기실 비치용으로 인쇄하셔도 됩니다.</p>',
    ],
    files: [
      {
        name: '환자용 안내서_환자등록 이렇게 참여하세요.pdf',
        titleEn: 'Patient Guide: How to Join the Registry',
        summary: ['What the registry is, why it helps, how personal data are protected.', 'How to withdraw consent.'],
      },
    ],
  },
  {
    at: '2026-03-19 14:00',
    title: '의료기관 참여 안내서 및 참여 신청서 서식',
    views: 534,
    body: [
      '<p>환자등록사업 참여를 검토하는 의료기관을 위한 안내서와 신청서 서식입니다. 참여 절차, 기관별 역할, 지원 내용과 자료 관리 기준을 담았습니다.</p>',
      '<p>신청서는 기관장 직인을 받은 뒤 전자우편으로 제출해 주시면 됩니다.</p>',
    ],
    files: [
      {
        name: '의료기관 참여 안내서.pdf',
        titleEn: 'Guide for Participating Hospitals',
        summary: ['Procedure, roles, support and data management standards.'],
      },
      { name: '의료기관 참여 신청서.pdf', titleEn: 'Hospital Participation Application Form' },
    ],
  },
  {
    at: '2026-04-01 09:00',
    title: '환자등록 동의서 표준 서식(2026년 개정)',
    views: 698,
    body: [
      '<p>2026년에 개정된 환자등록 동의서 표준 서식입니다. 개인정보 수집·이용 항목과 제3자 제공 범위를 이해하기 쉬운 표현으로 바꾸고, 연구 목적 활용에 대한 선택 동의란을 따로 두었습니다.</p>',
      '<p>4월 1일 이후 등록하는 환자부터는 개정 서식을 사용해 주십시오. 이전 서식으로 받은 동의는 그대로 유효합니다.</p>',
    ],
    files: [
      {
        name: '환자등록 동의서 표준 서식(2026년 개정).pdf',
        titleEn: 'Standard Consent Form for Registry Enrolment (2026 Revision)',
        summary: ['Separate optional consent for research use.'],
      },
    ],
  },
  {
    at: '2026-04-16 11:00',
    title: '환자등록시스템 사용자 매뉴얼(의료기관용) v3.2',
    views: 587,
    body: [
      '<p>의료기관 등록 담당자를 위한 환자등록시스템 사용자 매뉴얼입니다. 환자 등록, 수술 정보 입력, 추적관찰 일정 관리, 자료 오류 확인 방법을 화면과 함께 설명합니다.</p>',
      '<h3>v3.2에서 달라진 점</h3>',
      '<ul><li>추적관찰 예정 환자 알림 기능 설명 추가</li><li>엑셀 일괄 등록 서식 안내 보완</li></ul>',
    ],
    files: [
      {
        name: '환자등록시스템 사용자 매뉴얼 v3.2.pdf',
        titleEn: 'Registry System User Manual for Hospitals, v3.2',
        summary: ['Enrolment, operation data, follow-up scheduling, error checks.'],
      },
    ],
  },
  {
    at: '2026-04-29 10:30',
    title: '인공관절 등록 항목 정의서',
    views: 402,
    body: [
      '<p>인공 고관절·슬관절 수술 환자의 등록 항목과 입력 기준을 정리한 정의서입니다. 항목마다 정의, 입력 형식, 허용 값, 입력 예시를 실었습니다.</p>',
      '<p>등록 항목 개정(제4판)에 따라 추적관찰 시점이 바뀌었으니 최신 판을 사용해 주십시오.</p>',
    ],
    files: [{ name: '인공관절 등록 항목 정의서.pdf', titleEn: 'Data Dictionary: Hip and Knee Arthroplasty' }],
  },
  {
    at: '2026-05-13 15:00',
    title: '2026년 상반기 등록 담당자 교육 발표자료',
    views: 466,
    body: [
      '<p>4월에 서울, 부산, 온라인으로 진행한 상반기 등록 담당자 교육의 발표자료를 공개합니다. 교육에 참석하지 못하신 분들도 자료를 참고하시기 바랍니다.</p>',
      '<ul><li>2026년 환자등록사업 운영 방향</li><li>개정 동의서 서식 안내</li><li>자주 발생하는 입력 오류와 예방 방법</li></ul>',
    ],
    files: [
      {
        name: '2026년 상반기 등록 담당자 교육 발표자료.pdf',
        titleEn: 'Coordinator Training Slides, First Half of 2026',
      },
    ],
  },
  {
    at: '2026-05-28 10:00',
    title: '이식형 심장 기기 등록 항목 정의서(심장박동기·이식형 심장충격기)',
    views: 318,
    body: [
      '<p>이식형 심장박동기와 이식형 심장충격기 이식 환자의 등록 항목 정의서입니다. 기기와 전극선 정보, 시술 정보, 추적관찰 시 기기 점검 결과를 입력하는 기준을 담았습니다.</p>',
    ],
    files: [{ name: '이식형 심장 기기 등록 항목 정의서.pdf', titleEn: 'Data Dictionary: Pacemakers and ICDs' }],
  },
  {
    at: '2026-06-11 14:00',
    title: '유방 보형물 이식 환자를 위한 안내 리플릿',
    views: 529,
    body: [
      '<p>유방 보형물을 이식받은 분이 알아두시면 좋은 정기 검진 시기, 주의해야 할 증상, 환자 카드 사용법을 한 장에 담은 리플릿입니다.</p>',
      '<p>가슴이 붓거나 멍울이 만져지는 등 평소와 다른 변화가 있으면 수술받은 병원이나 가까운 병원에서 진료를 받으시기 바랍니다.</p>',
    ],
    files: [
      {
        name: '유방 보형물 이식 환자 안내 리플릿.pdf',
        titleEn: 'Leaflet for Patients with Breast Implants',
        summary: ['Check-up schedule, warning signs, how to use the implant card.'],
      },
    ],
  },
  {
    at: '2026-06-25 11:00',
    title: '환자등록사업 자주 묻는 질문(FAQ) 모음',
    views: 743,
    body: [
      '<p>환자와 의료기관에서 자주 보내주시는 질문과 답변을 모았습니다.</p>',
      '<h3>등록하려면 비용이 드나요?</h3>',
      '<p>아니요. 환자등록은 무료이며, 등록 여부가 진료나 치료에 영향을 주지 않습니다.</p>',
      '<h3>등록에 동의한 뒤 철회할 수 있나요?</h3>',
      '<p>네. 언제든지 수술받은 의료기관이나 고객지원센터에 요청하시면 철회할 수 있으며, 요청하시면 이미 수집된 정보도 삭제합니다.</p>',
      '<h3>이식받은 기기가 회수되면 어떻게 알 수 있나요?</h3>',
      '<p>등록된 환자에게는 회수·안전성 정보가 나오면 문자메시지와 수술 병원을 통해 안내해 드립니다.</p>',
    ],
  },
  {
    at: '2026-07-09 10:00',
    title: '2026년 상반기 환자등록 현황 통계',
    views: 389,
    body: [
      '<p>2026년 1월부터 6월까지의 환자등록 현황을 정리하였습니다. 상반기에 새로 등록된 환자는 6,210명이며, 사업 시작 이후 누적 등록 환자는 62,910명입니다.</p>',
      '<table><caption>의료기기 종류별 2026년 상반기 신규 등록 환자 수</caption><thead><tr><th scope="col">의료기기 종류</th><th scope="col">신규 등록(명)</th><th scope="col">비율</th></tr></thead><tbody>' +
        '<tr><td>인공관절</td><td>2,981</td><td>48.0%</td></tr>' +
        '<tr><td>이식형 심장 기기</td><td>1,304</td><td>21.0%</td></tr>' +
        '<tr><td>유방 보형물</td><td>1,055</td><td>17.0%</td></tr>' +
        '<tr><td>기타 이식 의료기기</td><td>870</td><td>14.0%</td></tr>' +
        '<tr><td>합계</td><td>6,210</td><td>100.0%</td></tr>' +
        '</tbody></table>',
      '<p>참여 의료기관은 6월 말 기준 124곳입니다. 상세 통계는 첨부 파일을 참고해 주십시오.</p>',
    ],
    files: [
      {
        name: '2026년 상반기 환자등록 현황 통계.pdf',
        titleEn: 'Registry Statistics, January to June 2026',
        summary: ['New patients: 6,210. Cumulative: 62,910. Participating hospitals: 124.'],
      },
    ],
  },
  {
    at: '2026-07-30 14:00',
    title: '등록 자료 연구 활용(자료 제공) 신청 안내',
    views: 276,
    body: [
      '<p>환자등록 자료는 가명처리를 거쳐 공익적 연구에 활용할 수 있습니다. 자료 제공을 원하시는 연구자는 첨부한 신청서와 연구계획서, 기관생명윤리위원회(IRB) 승인서를 제출해 주십시오.</p>',
      '<ul><li>심의: 자료제공심의위원회(분기별 개최)</li><li>제공 방식: 정보원 안전한 분석실에서 분석(반출 불가)</li><li>처리 기간: 접수 후 약 2개월</li></ul>',
    ],
    files: [{ name: '등록 자료 제공 신청서.pdf', titleEn: 'Application for Access to Registry Data' }],
  },
  {
    at: '2026-08-20 10:00',
    title: '이식 의료기기 환자 카드 안내',
    views: 352,
    body: [
      '<p>이식 의료기기 환자 카드는 이식받은 의료기기의 정보를 담은 카드입니다. 수술 병원에서 종이 카드로 받으실 수 있고, 6월부터는 모바일로도 발급받을 수 있습니다.</p>',
      '<h3>이럴 때 보여주세요</h3>',
      '<ul><li>다른 병원에서 진료나 수술을 받을 때</li><li>MRI 등 영상 검사를 받기 전</li><li>공항 보안 검색을 받을 때</li></ul>',
      '<p>카드를 잃어버리셨다면 수술받은 병원에 재발급을 요청하시면 됩니다.</p>',
    ],
  },
  {
    at: '2026-09-03 15:00',
    title: '추계 학술대회 발표자료: 등록 자료로 본 인공 고관절 재수술 현황',
    views: 214,
    body: [
      '<p>추계 학술대회에서 발표한 인공 고관절 재수술 현황 분석 자료를 공유합니다. 2021년부터 2025년까지 등록된 인공 고관절 수술 환자의 추적관찰 자료를 바탕으로 재수술 원인과 시기를 분석하였습니다.</p>',
      '<p>분석 결과는 아직 학술지 게재 전 예비 결과이므로 인용 시 유의해 주시기 바랍니다.</p>',
    ],
    files: [
      {
        name: '추계 학술대회 발표자료_인공 고관절 재수술 현황.pdf',
        titleEn: 'Hip Arthroplasty Revisions in Registry Data, 2021-2025',
        summary: ['Preliminary results presented at the autumn conference.'],
      },
    ],
  },
  {
    at: '2026-09-22 11:00',
    title: '인공수정체 등록 항목 정의서(신규)',
    views: 167,
    body: [
      '<p>등록 항목 개정(제4판)으로 새로 등록 대상이 된 인공수정체의 등록 항목 정의서입니다. 수술 전후 시력, 인공수정체 종류와 도수, 합병증 항목의 입력 기준을 담았습니다.</p>',
    ],
    files: [{ name: '인공수정체 등록 항목 정의서.pdf', titleEn: 'Data Dictionary: Intraocular Lenses' }],
  },
  {
    at: '2026-10-15 10:00',
    title: '등록 자료 품질관리 자체 점검표',
    views: 143,
    body: [
      '<p>의료기관에서 등록 자료의 품질을 스스로 점검할 수 있도록 만든 점검표입니다. 매 분기 말에 점검표로 누락 항목과 입력 오류를 확인해 주시면 연말 자료 마감이 한결 수월해집니다.</p>',
      '<ul><li>필수 항목 누락 여부</li><li>추적관찰 예정일이 지난 환자 확인</li><li>제조번호 등 기기 정보 오기 확인</li></ul>',
    ],
    files: [{ name: '등록 자료 품질관리 자체 점검표.pdf', titleEn: 'Data Quality Self-Check List for Hospitals' }],
  },
  {
    at: '2026-11-05 14:00',
    title: '한눈에 보는 환자등록사업 5년의 성과',
    views: 96,
    body: [
      '<p>2021년부터 2025년까지 환자등록사업이 걸어온 길을 숫자로 정리하였습니다.</p>',
      '<ul><li>참여 의료기관: 58곳에서 118곳으로 늘었습니다.</li><li>누적 등록 환자: 56,700명</li><li>등록 환자에게 안내한 회수·안전성 정보: 27건</li><li>등록 자료를 활용한 연구 논문: 14편</li></ul>',
      '<p>함께해 주신 환자분들과 의료진께 감사드립니다. 앞으로도 이식 의료기기를 사용하는 모든 분이 안심할 수 있도록 노력하겠습니다.</p>',
    ],
  },
];

interface AnnualFigures {
  year: number;
  hospitals: number;
  newPatients: string;
  cumulative: string;
  followUpRate: string;
  highlight: string;
  at: string;
  views: number;
}

const annualFigures: readonly AnnualFigures[] = [
  { year: 2021, hospitals: 58, newPatients: '6,120', cumulative: '18,400', followUpRate: '78.2', highlight: '인공관절과 이식형 심장박동기 중심의 등록 체계 정비', at: '2022-06-29 10:00', views: 412 },
  { year: 2022, hospitals: 71, newPatients: '7,480', cumulative: '25,880', followUpRate: '81.5', highlight: '유방 보형물 등록 시작과 환자 카드 발급 확대', at: '2023-06-28 10:00', views: 368 },
  { year: 2023, hospitals: 86, newPatients: '8,950', cumulative: '34,830', followUpRate: '83.9', highlight: '회수 정보 문자 안내 체계 도입', at: '2024-06-27 10:00', views: 341 },
  { year: 2024, hospitals: 102, newPatients: '10,240', cumulative: '45,070', followUpRate: '85.6', highlight: '등록 자료 연구 제공 절차 마련', at: '2025-06-30 10:00', views: 297 },
  { year: 2025, hospitals: 118, newPatients: '11,630', cumulative: '56,700', followUpRate: '87.4', highlight: '참여 의료기관 100곳 돌파와 등록 항목 개정 준비', at: '2026-06-30 14:00', views: 233 },
];

export function annualReportFileName(year: number): string {
  return `${year}년 인체이식형 의료기기 환자등록사업 연차보고서.pdf`;
}

export const annualReports: readonly DemoPost[] = annualFigures.map((f) => ({
  at: f.at,
  title: `${f.year}년 인체이식형 의료기기 환자등록사업 연차보고서`,
  views: f.views,
  body: [
    `<p>${f.year}년 인체이식형 의료기기 환자등록사업의 운영 결과와 등록 자료 분석 결과를 담은 연차보고서입니다.</p>`,
    `<table><caption>${f.year}년 주요 현황</caption><tbody>` +
      `<tr><th scope="row">참여 의료기관</th><td>${f.hospitals}곳</td></tr>` +
      `<tr><th scope="row">신규 등록 환자</th><td>${f.newPatients}명</td></tr>` +
      `<tr><th scope="row">누적 등록 환자</th><td>${f.cumulative}명</td></tr>` +
      `<tr><th scope="row">추적관찰 자료 입력률</th><td>${f.followUpRate}%</td></tr>` +
      '</tbody></table>',
    '<h3>보고서 구성</h3>',
    '<ul><li>사업 개요와 추진 경과</li><li>참여 의료기관과 등록 환자 현황</li><li>의료기기 종류별 추적관찰 결과</li><li>이상사례와 회수·안전성 정보 안내 실적</li><li>등록 자료 활용 연구 성과</li></ul>',
    `<p>${f.year}년의 주요 성과는 <strong>${f.highlight}</strong>입니다. 보고서 전문은 첨부 파일로 내려받으실 수 있습니다.</p>`,
  ],
  files: [
    {
      name: annualReportFileName(f.year),
      titleEn: `Annual Report ${f.year}`,
      summary: [
        `Participating hospitals: ${f.hospitals}. New patients: ${f.newPatients}. Cumulative: ${f.cumulative}.`,
        `Follow-up data completion: ${f.followUpRate}%.`,
      ],
    },
  ],
}));

export const safetyInformation: readonly DemoPost[] = [
  {
    at: '2026-03-12 14:00',
    title: '[회수] 인공 고관절 대퇴 스템 일부 제조번호 자발적 회수 안내',
    views: 538,
    body: [
      '<p>A사가 수입한 인공 고관절 대퇴 스템 가운데 일부 제조번호 제품에서 표면 코팅 두께가 기준에 맞지 않는 것이 확인되어, 업체가 자발적으로 회수를 진행하고 있습니다.</p>',
      '<h3>환자분께 드리는 안내</h3>',
      '<ul><li>해당 제품을 이식받은 환자분께는 수술 병원을 통해 개별 안내하고 있습니다.</li><li>현재까지 이 문제로 인한 재수술 보고는 없으며, 이미 이식된 제품을 예방 목적으로 제거할 필요는 없습니다.</li><li>수술 부위 통증이 새로 생기거나 심해지면 진료를 받으시기 바랍니다.</li></ul>',
      '<p>의료기관은 보관 중인 해당 제조번호 제품의 사용을 중지하고 업체에 반품해 주십시오.</p>',
    ],
    files: [
      {
        name: '인공 고관절 대퇴 스템 회수 안내문.pdf',
        titleEn: 'Voluntary Recall: Femoral Stems of a Hip Replacement System',
        summary: ['Affected lots: coating thickness out of specification.', 'No preventive removal of implanted stems is recommended.'],
      },
    ],
  },
  {
    at: '2026-04-23 10:00',
    title: '[안전성 서한] 거친 표면 유방 보형물과 관련된 림프종(BIA-ALCL) 주의 안내',
    views: 621,
    body: [
      '<p>거친 표면(텍스처드) 유방 보형물을 이식받은 환자에게서 드물게 유방 보형물 관련 역형성 대세포 림프종(BIA-ALCL)이 발생할 수 있어 다시 한번 주의를 당부드립니다.</p>',
      '<h3>환자분께 드리는 안내</h3>',
      '<ul><li>증상이 없다면 예방 목적으로 보형물을 제거할 필요는 없습니다.</li><li>수술 후 수년이 지나 가슴이 붓거나, 멍울이 만져지거나, 통증이 생기면 진료를 받으십시오.</li><li>정기 검진을 꾸준히 받으시고, 진료 시 환자 카드를 보여주십시오.</li></ul>',
      '<p>의료진께서는 의심 증상이 있는 환자에 대해 초음파 검사와 삼출액 검사를 고려하시고, 진단된 경우 의료기기 이상사례로 보고해 주시기 바랍니다.</p>',
    ],
    files: [
      {
        name: '유방 보형물 관련 림프종 안전성 서한.pdf',
        titleEn: 'Safety Letter: Breast Implant-Associated ALCL',
        summary: ['Rare lymphoma associated with textured breast implants.', 'No removal is recommended for patients without symptoms.'],
      },
    ],
  },
  {
    at: '2026-06-04 15:00',
    title: '[안전성 서한] 이식형 심장박동기 일부 모델 배터리 조기 소모 가능성 안내',
    views: 447,
    body: [
      '<p>B사의 이식형 심장박동기 일부 모델에서 배터리가 예상보다 빨리 소모될 수 있다는 보고가 있어 안전성 서한을 배포합니다. 해당 모델의 배터리 조기 소모 발생 빈도는 매우 낮은 것으로 파악되고 있습니다.</p>',
      '<ul><li>해당 기기를 이식받은 환자분은 예정된 외래 기기 점검을 빠뜨리지 마십시오.</li><li>어지럼증, 실신, 심한 피로감 등이 나타나면 바로 병원에 연락하십시오.</li><li>원격 모니터링을 사용하는 경우 송신기를 켜 두십시오.</li></ul>',
      '<p>의료진께서는 다음 점검 시 배터리 잔량을 확인하고, 필요하면 점검 간격을 줄여 주시기 바랍니다.</p>',
    ],
    files: [
      {
        name: '이식형 심장박동기 배터리 안전성 서한.pdf',
        titleEn: 'Safety Letter: Early Battery Depletion in Certain Pacemaker Models',
        summary: ['Keep scheduled device checks; report dizziness or fainting without delay.'],
      },
    ],
  },
  {
    at: '2026-07-21 11:00',
    title: '[회수] 인공수정체 일부 제품 멸균 포장 불량 가능성에 따른 회수',
    views: 312,
    body: [
      '<p>C사 인공수정체 일부 제조번호 제품의 멸균 포장 봉합부에 불량이 있을 가능성이 확인되어 회수를 진행합니다. 이 조치는 <strong>아직 사용하지 않은 제품</strong>에 대한 것입니다.</p>',
      '<p>이미 수술을 받은 환자분은 수술 후 경과가 좋다면 별도의 조치가 필요하지 않습니다. 다만 눈의 통증, 충혈, 시력 저하가 나타나면 바로 안과 진료를 받으십시오.</p>',
      '<p>의료기관은 보유 재고의 제조번호를 확인하여 해당 제품을 격리하고 업체에 반품해 주십시오.</p>',
    ],
    files: [
      {
        name: '인공수정체 회수 안내문.pdf',
        titleEn: 'Recall: Intraocular Lenses with Possible Sterile Packaging Defect',
        summary: ['Concerns unused products only.'],
      },
    ],
  },
  {
    at: '2026-09-08 14:00',
    title: '[안전성 정보] 척추 고정용 나사 파손 보고에 따른 사용상 주의 안내',
    views: 205,
    body: [
      '<p>최근 척추 고정용 나사가 수술 후 파손되었다는 이상사례 보고가 이어져, 사용상 주의사항을 안내합니다. 현재까지 특정 제품의 결함은 확인되지 않았으며, 보고된 사례를 분석하고 있습니다.</p>',
      '<ul><li>의료진께서는 제조사의 권장 삽입 방법과 토크 기준을 지켜 주십시오.</li><li>골밀도가 낮은 환자에게는 나사 고정력 보강 방법을 고려해 주십시오.</li><li>파손이 확인되면 의료기기 이상사례로 보고해 주십시오.</li></ul>',
      '<p>수술 후 허리나 목의 통증이 갑자기 심해진 환자분은 수술받은 병원에서 진료를 받으시기 바랍니다.</p>',
    ],
    files: [{ name: '척추 고정용 나사 사용상 주의 안내.pdf', titleEn: 'Safety Notice: Fracture of Spinal Fixation Screws' }],
  },
  {
    at: '2026-10-20 10:00',
    title: '[안전성 서한] MRI 검사 전 이식 의료기기 확인 요청',
    views: 174,
    body: [
      '<p>이식 의료기기 가운데에는 MRI 검사를 조건부로만 받을 수 있거나 받을 수 없는 제품이 있습니다. 검사 전에 기기 정보를 확인하지 않아 생기는 위험을 줄이기 위해 안전성 서한을 배포합니다.</p>',
      '<ul><li>환자분은 MRI 검사 예약 시 이식 의료기기가 있다는 사실을 꼭 알리고 환자 카드를 보여주십시오.</li><li>의료기관은 검사 전 기기의 MRI 적합성 등급과 검사 조건을 확인해 주십시오.</li><li>이식형 심장 기기는 검사 전후 기기 설정 변경이 필요할 수 있습니다.</li></ul>',
    ],
    files: [
      {
        name: 'MRI 검사 전 이식 의료기기 확인 안전성 서한.pdf',
        titleEn: 'Safety Letter: Check Implanted Devices Before MRI',
        summary: ['MR conditional and MR unsafe devices; show the implant card before scanning.'],
      },
    ],
  },
];

export const promotionVideos: readonly DemoVideo[] = [
  {
    at: '2026-03-10 10:00',
    title: '인체이식형 의료기기 환자등록사업을 소개합니다',
    motif: 'registry',
    posterName: '환자등록사업 소개 영상.jpg',
    views: 624,
    body: [
      '<p>환자등록사업이 왜 필요한지, 등록된 정보가 환자 안전에 어떻게 쓰이는지를 2분 30초 분량의 애니메이션으로 소개합니다.</p>',
      '<h3>영상 주요 내용</h3>',
      '<ul><li>00:00 이식 의료기기는 몸속에서 오랫동안 함께합니다</li><li>00:40 수술 정보와 추적관찰 결과를 모으는 환자등록</li><li>01:30 회수·안전성 정보가 나오면 환자에게 바로 알려드립니다</li><li>02:10 내 정보는 암호화되어 안전하게 보호됩니다</li></ul>',
      '<p><strong>재생 시간</strong>: 2분 30초 · 한국어 자막 제공</p>',
    ],
  },
  {
    at: '2026-04-28 14:00',
    title: '인공관절 수술을 앞둔 분들께: 환자등록 안내',
    motif: 'joint',
    posterName: '인공관절 환자등록 안내 영상.jpg',
    views: 388,
    body: [
      '<p>인공관절 수술을 앞둔 환자와 보호자를 위한 안내 영상입니다. 정형외과 전문의가 수술 후 추적관찰이 중요한 이유와 환자등록 참여 방법을 설명합니다.</p>',
      '<h3>영상 요약</h3>',
      '<p>"인공관절은 10년, 20년을 함께하는 기기입니다. 수술이 끝난 뒤에도 정기적으로 상태를 확인해야 문제가 생겼을 때 빨리 대처할 수 있습니다. 환자등록에 참여하시면 이 기록이 차곡차곡 쌓여 환자분과 다음 환자분들의 안전을 지키는 자료가 됩니다."</p>',
      '<p><strong>재생 시간</strong>: 3분 10초</p>',
    ],
  },
  {
    at: '2026-06-16 11:00',
    title: '심장박동기와 함께하는 일상: 등록 환자 인터뷰',
    motif: 'heart',
    posterName: '심장박동기 등록 환자 인터뷰 영상.jpg',
    views: 512,
    body: [
      '<p>심장박동기를 이식받은 지 5년이 된 60대 환자분이 등록사업에 참여하며 느낀 점을 들려줍니다. 영상에 나오는 환자분은 촬영과 공개에 동의하셨습니다.</p>',
      '<h3>영상 요약</h3>',
      '<ul><li>처음 수술을 받을 때의 걱정과 주치의의 설명</li><li>정기 기기 점검과 원격 모니터링으로 달라진 생활</li><li>안전성 정보를 문자로 받아 본 경험</li></ul>',
      '<p>"내 기기에 대한 소식을 먼저 알려준다는 게 가장 든든했어요."</p>',
      '<p><strong>재생 시간</strong>: 4분 5초</p>',
    ],
  },
  {
    at: '2026-08-11 15:00',
    title: '인공수정체도 등록합니다: 등록 항목 개정 안내',
    motif: 'lens',
    posterName: '인공수정체 등록 안내 영상.jpg',
    views: 247,
    body: [
      '<p>8월부터 인공수정체가 환자등록 대상에 추가되었습니다. 백내장 수술을 받는 환자분과 안과 의료진을 위해 바뀐 내용을 짧게 정리한 영상입니다.</p>',
      '<ul><li>00:00 인공수정체 등록을 시작합니다</li><li>00:35 환자분이 받게 되는 안내</li><li>01:20 안과 의료진이 입력하는 항목</li></ul>',
      '<p><strong>재생 시간</strong>: 1분 50초</p>',
    ],
  },
  {
    at: '2026-09-29 10:00',
    title: '의료기관 담당자를 위한 환자등록시스템 사용법',
    motif: 'system',
    posterName: '환자등록시스템 사용법 영상.jpg',
    views: 331,
    body: [
      '<p>등록 업무를 처음 맡은 담당자를 위한 환자등록시스템 사용법 영상입니다. 실제 화면 순서에 따라 환자 등록부터 추적관찰 입력까지 따라 하실 수 있습니다.</p>',
      '<h3>목차</h3>',
      '<ul><li>00:00 로그인과 간편인증 등록</li><li>01:15 새 환자 등록과 동의서 확인</li><li>03:40 수술 정보 입력</li><li>06:20 추적관찰 일정 관리</li><li>08:30 오류 점검 화면 활용</li></ul>',
      '<p><strong>재생 시간</strong>: 10분 20초 · 사용자 매뉴얼은 공개자료 게시판에서 내려받으실 수 있습니다.</p>',
    ],
  },
  {
    at: '2026-11-03 14:00',
    title: '함께 지키는 환자 안전: 의료진·환자·정부의 협력',
    motif: 'people',
    posterName: '환자 안전 협력 홍보 영상.jpg',
    views: 89,
    body: [
      '<p>환자등록사업에 함께하는 의료진, 환자단체, 정부 관계자가 각자의 자리에서 환자 안전을 위해 어떤 일을 하고 있는지 소개합니다.</p>',
      '<h3>영상 요약</h3>',
      '<p>등록 담당 간호사는 환자가 정기 검진을 놓치지 않도록 일정을 챙기고, 환자단체는 참여의 의미를 알리며, 정보원은 모인 자료를 분석해 안전성 정보를 신속히 전달합니다. 영상은 "기록이 모이면 안전이 됩니다"라는 메시지로 마무리됩니다.</p>',
      '<p><strong>재생 시간</strong>: 2분 45초</p>',
    ],
  },
];

export const memberNotices: readonly DemoPost[] = [
  {
    at: '2026-03-09 10:00',
    title: '회원 전용 게시판 이용 안내',
    views: 214,
    pinned: true,
    body: [
      '<p>회원 공지와 커뮤니티는 로그인한 회원만 이용할 수 있는 공간입니다. 참여 의료기관 담당자와 연구자를 위한 안내, 교육 자료, 업무 경험을 이곳에서 나눕니다.</p>',
      '<ul><li>환자를 알아볼 수 있는 정보(이름, 등록번호, 사진 등)는 절대 올리지 마십시오.</li><li>특정 업체나 제품을 광고하는 글은 예고 없이 삭제될 수 있습니다.</li></ul>',
    ],
  },
  {
    at: '2026-05-20 14:00',
    title: '회원 정보 정기 확인 요청',
    views: 167,
    body: [
      '<p>안전성 정보와 교육 안내를 정확히 전달하기 위해 연 1회 회원 정보를 확인하고 있습니다. 소속 기관, 직역, 연락처가 바뀌었다면 [내 정보]에서 수정해 주십시오.</p>',
      '<p>1년 이상 로그인하지 않은 계정은 개인정보 보호를 위해 휴면 처리될 수 있습니다.</p>',
    ],
  },
  {
    at: '2026-08-18 11:00',
    title: '회원 대상 등록 자료 활용 세미나 사전 신청',
    views: 132,
    body: [
      '<p>등록 자료를 연구에 활용하고자 하는 회원을 대상으로 세미나를 엽니다. 자료 구조, 가명처리 기준, 자료 제공 신청 절차를 안내하고 실제 분석 사례를 소개합니다.</p>',
      '<ul><li><strong>일시</strong>: 9월 18일(금) 14:00~17:00</li><li><strong>방식</strong>: 온라인 실시간</li><li><strong>신청</strong>: 9월 11일(금)까지 첨부한 신청서를 전자우편으로 제출</li></ul>',
    ],
    files: [{ name: '등록 자료 활용 세미나 신청서.pdf', titleEn: 'Registry Data Seminar: Registration Form' }],
  },
  {
    at: '2026-10-29 09:30',
    title: '계정 보안을 위한 비밀번호 변경 권고',
    views: 98,
    body: [
      '<p>최근 공공기관 누리집을 노린 무작위 로그인 시도가 늘고 있습니다. 회원 여러분의 계정을 보호하기 위해 비밀번호를 정기적으로 바꿔 주시기 바랍니다.</p>',
      '<ul><li>다른 사이트와 같은 비밀번호를 쓰지 마십시오.</li><li>영문, 숫자, 특수문자를 섞어 10자 이상으로 만들어 주십시오.</li></ul>',
    ],
  },
];

export const communityPosts: readonly DemoPost[] = [
  {
    at: '2026-03-16 10:00',
    title: '커뮤니티 이용 안내',
    writer: '등록관리팀',
    views: 305,
    pinned: true,
    body: [
      '<p>커뮤니티는 참여 의료기관 담당자와 회원이 업무 경험과 정보를 나누는 공간입니다. 서로 존중하는 표현을 써 주시고, 궁금한 점은 자유롭게 질문해 주세요.</p>',
      '<p>환자 개인정보가 담긴 글과 파일은 올릴 수 없습니다. 등록시스템 오류 신고는 문의하기 게시판을 이용해 주시면 더 빨리 답변해 드릴 수 있습니다.</p>',
    ],
  },
  {
    at: '2026-04-09 18:20',
    title: '동의서 받을 때 이렇게 설명하고 있어요',
    writer: '정형외과 연구간호사',
    byMember: true,
    views: 241,
    body: [
      '<p>수술 전날 설명을 드리면 환자분들이 정신이 없으셔서, 저희는 외래에서 수술 날짜를 잡을 때 환자용 안내서를 먼저 드리고 있어요.</p>',
      '<p>"나중에 기기에 문제가 생기면 먼저 연락받으실 수 있다"는 점을 말씀드리면 대부분 흔쾌히 동의해 주십니다. 다른 병원은 어떻게 하고 계신지 궁금합니다.</p>',
    ],
  },
  {
    at: '2026-06-02 13:10',
    title: '추적관찰 방문 누락을 줄인 방법 공유합니다',
    writer: '관절센터 코디네이터',
    byMember: true,
    views: 198,
    body: [
      '<p>저희 병원은 작년까지 1년 추적관찰 입력률이 70% 정도였는데, 올해 85%까지 올랐습니다. 도움이 됐던 방법을 나눕니다.</p>',
      '<ul><li>등록시스템의 추적관찰 예정 환자 알림을 매주 월요일에 확인</li><li>예정일 2주 전에 안내 문자 발송</li><li>다른 과 진료로 내원하는 날에 맞춰 검사 일정 조정</li></ul>',
      '<p>작은 일이지만 꾸준히 하니 효과가 있었습니다.</p>',
    ],
  },
  {
    at: '2026-08-27 16:40',
    title: '개정 항목(제4판) 입력하면서 헷갈렸던 부분 정리',
    writer: '심장내과 등록 담당자',
    byMember: true,
    views: 156,
    body: [
      '<p>이식형 심장충격기 작동 기록 항목이 새로 생겨서 입력해 보니 헷갈리는 부분이 있어 정리해 봅니다.</p>',
      '<ul><li>작동 기록은 추적관찰 시점 사이의 모든 작동을 입력합니다.</li><li>적절한 작동과 부적절한 작동은 담당 의사의 판단에 따라 구분합니다.</li></ul>',
      '<p>제가 이해한 내용이 맞는지 등록관리팀에서 확인해 주시면 좋겠습니다.</p>',
    ],
  },
  {
    at: '2026-10-13 19:05',
    title: '지역 등록 담당자 모임 다녀왔습니다',
    writer: '부산 지역 등록 담당자',
    byMember: true,
    views: 84,
    body: [
      '<p>지난주에 부산·경남 지역 등록 담당자 여섯 분이 모여 업무 이야기를 나눴습니다. 병원마다 동의서 받는 시점과 자료 점검 방법이 달라서 배울 점이 많았어요.</p>',
      '<p>다음 모임은 내년 봄에 하기로 했습니다. 관심 있는 분은 댓글 남겨 주세요.</p>',
    ],
  },
];
