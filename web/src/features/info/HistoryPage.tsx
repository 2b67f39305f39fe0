import { fixedScreens } from '@contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InfoPageShell } from './InfoPageShell';

interface HistoryEvent {
  /** Month as a number 1-12. */
  month: number;
  text: string;
}

interface HistoryYear {
  year: number;
  /** A few words summing up the year. */
  theme: string;
  events: readonly HistoryEvent[];
}

interface HistoryPeriod {
  id: string;
  title: string;
  range: string;
  summary: string;
  years: readonly HistoryYear[];
}

/** Newest first, as Korean institutional sites list their history. */
const periods: readonly HistoryPeriod[] = [
  {
    id: 'growth',
    title: '확대와 고도화',
    range: '2023년 ~ 현재',
    summary: '등록 대상 품목과 참여 의료기관을 넓히고, 등록 자료를 안전관리에 본격적으로 활용하고 있습니다.',
    years: [
      {
        year: 2026,
        theme: '국민 소통 강화',
        events: [
          { month: 3, text: '환자등록사업 누리집 개편(회원 서비스, 자료실, 온라인 문의 통합)' },
          { month: 1, text: '의료기관 등록 담당자 대상 연간 교육 과정 정례화' },
        ],
      },
      {
        year: 2025,
        theme: '등록 대상 확대',
        events: [
          { month: 9, text: '인공와우 등 이비인후과 이식 의료기기 등록 시작' },
          { month: 6, text: '등록 자료 기반 품목별 장기 안전성 분석 결과 공개' },
          { month: 2, text: '의료기기 고유식별코드(UDI) 연계로 기기 정보 자동 입력 기능 도입' },
        ],
      },
      {
        year: 2024,
        theme: '안전성 정보 환류',
        events: [
          { month: 10, text: '안전성 정보 발생 시 대상 환자 확인·통보 절차 표준화' },
          { month: 5, text: '인공수정체 등록 시작' },
          { month: 3, text: '제조·수입업체 대상 등록 결과 설명회 개최' },
        ],
      },
      {
        year: 2023,
        theme: '품목 확대',
        events: [
          { month: 11, text: '유방 보형물 등록 시작 및 환자 안내 자료 배포' },
          { month: 7, text: '제2차 연차보고서 발간' },
          { month: 4, text: '참여 의료기관 전국 확대' },
        ],
      },
    ],
  },
  {
    id: 'foundation',
    title: '사업 기반 구축',
    range: '2020년 ~ 2022년',
    summary: '환자등록시스템을 구축하고 시범사업을 본사업으로 전환하여 안정적인 운영 체계를 갖추었습니다.',
    years: [
      {
        year: 2022,
        theme: '본사업 정착',
        events: [
          { month: 12, text: '제1차 환자등록사업 연차보고서 발간' },
          { month: 8, text: '심장 이식 의료기기(인공심장박동기, 이식형 심장충격기) 등록 시작' },
          { month: 3, text: '등록 자료 품질 점검 체계 도입' },
        ],
      },
      {
        year: 2021,
        theme: '본사업 전환',
        events: [
          { month: 9, text: '자문위원회 구성(임상 학회, 환자 단체, 법률·정보보호 전문가 참여)' },
          { month: 1, text: '시범사업 결과를 바탕으로 본사업 전환, 환자등록사업단 출범' },
        ],
      },
      {
        year: 2020,
        theme: '시스템 구축',
        events: [
          { month: 10, text: '온라인 환자등록시스템 개통' },
          { month: 6, text: '운영위원회 구성 및 등록 항목·운영 기준 마련' },
          { month: 2, text: '환자등록시스템 구축 사업 착수' },
        ],
      },
    ],
  },
  {
    id: 'pilot',
    title: '도입과 시범사업',
    range: '2018년 ~ 2019년',
    summary: '이식형 의료기기 환자등록의 필요성을 검토하고, 일부 품목과 의료기관에서 시범사업을 운영하였습니다.',
    years: [
      {
        year: 2019,
        theme: '시범사업 착수',
        events: [
          { month: 11, text: '시범사업 중간 평가 및 개선 과제 도출' },
          { month: 4, text: '인공관절 분야 시범사업 착수(참여 의료기관 공모)' },
        ],
      },
      {
        year: 2018,
        theme: '도입 준비',
        events: [
          { month: 10, text: '관계 기관·임상 학회 협의체 구성' },
          { month: 5, text: '인체이식형 의료기기 환자등록 도입 방안 정책연구 수행' },
        ],
      },
    ],
  },
];

/** 연혁: the programme's history, grouped by period and year, newest first. */
export function Component() {
  useDocumentTitle(fixedScreens.nidsHistory.title);

  return (
    <InfoPageShell
      section="about"
      title={fixedScreens.nidsHistory.title}
      lead={fixedScreens.nidsHistory.description}
    >
      <p>
        환자등록사업은 의료기관, 임상 학회, 업계, 환자 단체와 함께 등록 대상과 운영 체계를 꾸준히 넓혀 왔습니다. 아래에서 시기별 주요
        발자취를 최근 순으로 확인하실 수 있습니다.
      </p>

      <nav className="info-jump" aria-label="시기 바로가기">
        <ul>
          {periods.map((period) => (
            <li key={period.id}>
              <a href={`#history-${period.id}`}>
                {period.title} <span className="info-jump__range">({period.range})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {periods.map((period) => (
        <section key={period.id} id={`history-${period.id}`} className="info-section" aria-labelledby={`history-${period.id}-title`}>
          <h2 id={`history-${period.id}-title`}>
            {period.title} <span className="info-heading-sub">{period.range}</span>
          </h2>
          <p>{period.summary}</p>
          <ol className="info-history">
            {period.years.map((entry) => (
              <li key={entry.year} className="info-history__year">
                <h3 className="info-history__heading">
                  <span className="info-history__number">{entry.year}년</span>{' '}
                  <span className="info-history__theme">{entry.theme}</span>
                </h3>
                <ul className="info-history__events">
                  {entry.events.map((event) => (
                    <li key={`${event.month}-${event.text}`}>
                      <span className="info-history__month">{event.month}월</span>{' '}
                      <span>{event.text}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </InfoPageShell>
  );
}
