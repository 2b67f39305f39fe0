import { fixedScreens } from '@contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StackedTable } from '../../ui/StackedTable';
import { useSiteInfo } from '../site/api/get-site-info';
import { ContactList, InfoPageShell } from './InfoPageShell';

interface Team {
  name: string;
  /** One line shown in the chart. */
  summary: string;
  duties: readonly string[];
}

/** The head of the programme's duties, listed before the teams' in the duties table. */
const directorDuties: readonly string[] = ['환자등록사업 총괄과 대외 협력', '운영위원회·자문위원회 운영'];

const teams: readonly Team[] = [
  {
    name: '등록관리팀',
    summary: '의료기관 참여·등록 관리',
    duties: [
      '참여 의료기관 모집과 협약 관리',
      '의료기관 등록 담당자 계정 승인과 교육',
      '등록 자료 검증과 품질 관리',
      '추적 관찰 일정 안내와 미등록 자료 확인',
    ],
  },
  {
    name: '데이터분석팀',
    summary: '등록 자료 분석·보고서 발간',
    duties: [
      '등록 현황과 품목별 안전성 통계 분석',
      '재수술률 등 장기 안전성 지표 개발과 평가',
      '연차보고서 발간',
      '공익 연구를 위한 가명정보 제공 심의 지원',
    ],
  },
  {
    name: '안전정보팀',
    summary: '회수·안전성 정보 대응',
    duties: [
      '국내외 회수·안전성 서한 모니터링',
      '대상 환자 확인과 시술 의료기관 통보',
      '이상사례 분석과 안전성 정보 게시',
      '제조·수입업체와의 안전 정보 공유',
    ],
  },
  {
    name: '시스템운영팀',
    summary: '등록시스템·정보보호 운영',
    duties: [
      '환자등록시스템과 누리집 운영·유지보수',
      '의료기기 고유식별코드(UDI) 등 외부 시스템 연계',
      '개인정보 보호와 정보보안 관리',
      '시스템 이용 문의(헬프데스크) 대응',
    ],
  },
];

interface Committee {
  name: string;
  /** The relationship, spelled out so it is not conveyed by line style alone. */
  kind: '심의' | '자문';
  members: string;
  role: string;
}

const committees: readonly Committee[] = [
  {
    name: '운영위원회',
    kind: '심의',
    members: '관계 기관, 임상 학회, 환자 단체 추천 위원',
    role: '사업 운영계획, 등록 대상 품목과 등록 항목, 등록 자료 제공 등 주요 사항을 심의합니다.',
  },
  {
    name: '자문위원회',
    kind: '자문',
    members: '진료 분야별 임상 전문가, 통계·법률·정보보호 전문가',
    role: '품목별 추적 관찰 기준, 분석 방법, 개인정보 보호 방안 등 전문 분야에 대하여 자문합니다.',
  },
];

/** 조직도: the chart (nested lists drawn with CSS), the duties of each team and the committees. */
export function Component() {
  useDocumentTitle(fixedScreens.nidsOrganization.title);
  const { data: site } = useSiteInfo();

  return (
    <InfoPageShell
      section="about"
      title={fixedScreens.nidsOrganization.title}
      lead={fixedScreens.nidsOrganization.description}
    >
      <section className="info-section" aria-labelledby="org-chart-title">
        <h2 id="org-chart-title">조직 구성</h2>
        <p className="info-muted" id="org-chart-legend">
          실선은 지휘·보고 관계를, 점선 상자는 심의·자문 기구를 나타냅니다. 각 상자에도 그 구분을 글자로 함께 적었습니다.
        </p>
        <div className="org-chart">
          <ul className="org-tree" aria-label="환자등록사업 조직도" aria-describedby="org-chart-legend">
            <li className="org-tree__item">
              <div className="org-node org-node--head">
                <span className="org-node__name">원장</span>{' '}
                {site && <span className="org-node__meta">{site.operator}</span>}
              </div>
              <ul className="org-tree__children">
                <li className="org-tree__item">
                  <div className="org-node org-node--division">
                    <span className="org-node__name">의료기기안전본부</span>
                  </div>
                  <ul className="org-tree__children">
                    <li className="org-tree__item org-unit">
                      <div className="org-unit__row">
                        <div className="org-node org-node--unit">
                          <span className="org-node__name">환자등록사업단</span>{' '}
                          <span className="org-node__meta">사업단장</span>
                        </div>
                        <div className="org-advisory">
                          <p className="org-advisory__label" id="org-advisory-label">
                            심의·자문 기구
                          </p>
                          <ul className="org-advisory__list" aria-labelledby="org-advisory-label">
                            {committees.map((committee) => (
                              <li key={committee.name} className="org-node org-node--advisory">
                                <span className="org-node__name">{committee.name}</span>{' '}
                                <span className="org-node__tag">{committee.kind}</span>
                              </li>
                            ))}
                          </ul>
                        </div>
                      </div>
                      <ul className="org-teams" aria-label="환자등록사업단 소속 팀">
                        {teams.map((team) => (
                          <li key={team.name} className="org-teams__item">
                            <div className="org-node org-node--team">
                              <span className="org-node__name">{team.name}</span>{' '}
                              <span className="org-node__meta">{team.summary}</span>
                            </div>
                          </li>
                        ))}
                      </ul>
                    </li>
                  </ul>
                </li>
              </ul>
            </li>
          </ul>
        </div>
      </section>

      <section className="info-section" aria-labelledby="org-duties">
        <h2 id="org-duties">부서별 주요 업무</h2>
        <StackedTable
          className="info-table info-table--duties"
          caption="환자등록사업단 팀별 주요 업무"
          columns={['부서', '주요 업무']}
          rows={[{ name: '사업단장', duties: directorDuties }, ...teams].map((team) => ({
            key: team.name,
            cells: [
              team.name,
              <ul key="duties" className="info-bullets">
                {team.duties.map((duty) => (
                  <li key={duty}>{duty}</li>
                ))}
              </ul>,
            ],
          }))}
        />
      </section>

      <section className="info-section" aria-labelledby="org-committees">
        <h2 id="org-committees">위원회</h2>
        <p>사업 운영의 공정성과 전문성을 높이기 위하여 외부 전문가가 참여하는 위원회를 두고 있습니다.</p>
        <ul className="info-cards">
          {committees.map((committee) => (
            <li key={committee.name} className="info-card">
              <h3 className="info-card__title">
                {committee.name} <span className="info-badge">{committee.kind} 기구</span>
              </h3>
              <dl className="info-mini-dl">
                <div>
                  <dt>구성</dt>
                  <dd>{committee.members}</dd>
                </div>
                <div>
                  <dt>역할</dt>
                  <dd>{committee.role}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section className="info-section" aria-labelledby="org-contact">
        <h2 id="org-contact">찾아오시는 길·연락처</h2>
        <p>부서별 문의는 대표전화로 연락하시면 담당 부서로 연결해 드립니다.</p>
        <ContactList full />
      </section>
    </InfoPageShell>
  );
}
