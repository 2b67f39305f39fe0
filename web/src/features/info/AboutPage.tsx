import { Link } from 'react-router';
import { fixedScreens, paths } from '@contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StackedTable } from '../../ui/StackedTable';
import { useSiteInfo } from '../site/api/get-site-info';
import { ContactList, InfoPageShell } from './InfoPageShell';

interface ProcessStep {
  title: string;
  text: string;
}

/** How a record travels from the operating room to analysis. */
const processSteps: readonly ProcessStep[] = [
  {
    title: '등록 안내와 동의',
    text: '의료기관이 시술 전후로 환자에게 등록사업의 목적과 수집 항목을 설명하고, 개인정보 수집·이용에 대한 동의를 받습니다.',
  },
  {
    title: '시술 정보 등록',
    text: '의료기관 등록 담당자가 환자등록시스템에 환자 정보, 이식한 의료기기의 고유식별코드(UDI)와 모델·로트 정보, 시술 정보를 입력합니다.',
  },
  {
    title: '자료 검증',
    text: '환자등록사업단이 누락되거나 서로 맞지 않는 값을 점검하고, 필요하면 의료기관에 확인을 요청하여 자료의 정확성을 높입니다.',
  },
  {
    title: '추적 관찰',
    text: '정해진 시기마다 환자의 경과, 재수술·제거 여부, 이상사례를 확인하여 추가로 등록합니다.',
  },
  {
    title: '분석과 환류',
    text: '등록 자료를 분석하여 연차보고서와 안전성 정보로 공개하고, 의료기관·업계·정부의 안전관리 활동에 활용할 수 있도록 제공합니다.',
  },
];

interface DataItemGroup {
  group: string;
  items: string;
  purpose: string;
}

const dataItems: readonly DataItemGroup[] = [
  {
    group: '환자 정보',
    items: '성명, 생년월일, 성별, 연락처 등 환자를 다시 찾는 데 필요한 최소한의 정보',
    purpose: '회수·안전성 정보 발생 시 대상 환자 확인과 연락',
  },
  {
    group: '의료기기 정보',
    items: '고유식별코드(UDI), 품목명, 모델명, 로트 또는 일련번호, 제조·수입업체',
    purpose: '문제가 된 제품이 이식된 환자를 정확히 찾기 위한 기준 정보',
  },
  {
    group: '시술 정보',
    items: '시술일, 시술 의료기관, 시술 부위와 방법, 관련 진단명',
    purpose: '시술 환경에 따른 안전성 차이 분석',
  },
  {
    group: '추적 정보',
    items: '추적 관찰일, 환자 상태, 재수술·제거 여부와 사유, 이상사례',
    purpose: '의료기기의 장기 안전성과 제품 수명 평가',
  },
];

interface Role {
  who: string;
  duties: readonly string[];
}

const roles: readonly Role[] = [
  {
    who: '의료기관',
    duties: ['환자 안내와 등록 동의 취득', '시술·추적 정보의 등록과 수정', '안전성 정보 발생 시 대상 환자 연락과 진료 안내'],
  },
  {
    who: '제조·수입업체',
    duties: ['제품의 고유식별코드(UDI)와 모델 정보 제공', '회수·안전성 정보 발생 시 대상 제품 정보 공유', '등록 결과를 활용한 제품 개선'],
  },
  {
    who: '환자등록사업단',
    duties: ['등록시스템 운영과 의료기관 지원', '자료 검증과 통계 분석', '연차보고서·안전성 정보 발간'],
  },
  {
    who: '환자',
    duties: ['이식 의료기기 정보 확인과 보관', '연락처 변경 시 시술 의료기관에 알림', '이상 증상이 있으면 진료 받기'],
  },
];

interface FollowUpPoint {
  when: string;
  what: string;
}

const followUpSchedule: readonly FollowUpPoint[] = [
  { when: '시술 직후', what: '이식한 의료기기와 시술 정보를 등록합니다.' },
  { when: '시술 후 1년 이내', what: '초기 합병증, 기기 이상, 재수술 여부를 확인합니다.' },
  { when: '이후 정기 추적', what: '품목별로 정한 주기에 따라 환자 상태와 기기 유지 여부를 확인합니다.' },
  { when: '재수술·제거 시', what: '시기와 관계없이 그 사유와 새로 이식한 의료기기 정보를 등록합니다.' },
];

const privacyMeasures: readonly string[] = [
  '등록에 필요한 최소한의 정보만 수집하며, 환자의 동의를 받아 등록합니다.',
  '분석과 통계 작성에는 환자를 알아볼 수 없도록 가명처리한 자료만 사용합니다.',
  '등록시스템은 승인된 담당자만 접속할 수 있으며, 모든 접속과 조회 기록을 보관하고 점검합니다.',
  '저장·전송하는 개인정보는 암호화하고, 보유기간이 지난 정보는 지체 없이 파기합니다.',
  '환자는 언제든지 본인 정보의 열람, 정정, 처리 정지를 요구하실 수 있습니다.',
];

const patientTips: readonly string[] = [
  '시술 후 받으신 의료기기 정보(이식 카드, 제품 스티커 등)는 잘 보관해 두시기 바랍니다.',
  '연락처나 주소가 바뀌면 시술받은 의료기관에 알려 주세요. 안전성 정보가 생겼을 때 연락받으실 수 있습니다.',
  '다른 병원에서 진료받으실 때에는 이식받은 의료기기가 있다는 사실을 의료진에게 알려 주세요.',
  '시술 부위의 통증, 부기, 열감이나 기기 관련 이상 증상이 있으면 미루지 말고 진료를 받으시기 바랍니다.',
];

/** 등록사업 안내: how registration works, what is recorded, who does what and how data is protected. */
export function Component() {
  useDocumentTitle(fixedScreens.nidsAbout.title);
  const { data: site } = useSiteInfo();

  return (
    <InfoPageShell
      section="about"
      title={fixedScreens.nidsAbout.title}
      lead={fixedScreens.nidsAbout.description}
    >
      <section className="info-section" aria-labelledby="about-process">
        <h2 id="about-process">등록 절차</h2>
        <p>
          환자등록은 의료기관에서 시술할 때 시작되어, 의료기기가 환자의 몸속에 있는 동안 계속됩니다. 등록된 자료는 검증과
          분석을 거쳐 다시 현장의 안전관리에 쓰입니다.
        </p>
        <ol className="info-process">
          {processSteps.map((step) => (
            <li key={step.title} className="info-process__step">
              <h3 className="info-process__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="info-section" aria-labelledby="about-data">
        <h2 id="about-data">등록 정보</h2>
        <p>등록 항목은 환자 안전을 위하여 꼭 필요한 범위로 정하며, 항목마다 쓰임새가 분명합니다.</p>
        <StackedTable
          className="info-table"
          caption="환자등록 항목과 수집 목적"
          columns={['구분', '주요 항목', '수집 목적']}
          rows={dataItems.map((row) => ({ key: row.group, cells: [row.group, row.items, row.purpose] }))}
        />
      </section>

      <section className="info-section" aria-labelledby="about-roles">
        <h2 id="about-roles">참여 주체별 역할</h2>
        <ul className="info-cards">
          {roles.map((role) => (
            <li key={role.who} className="info-card">
              <h3 className="info-card__title">{role.who}</h3>
              <ul className="info-bullets">
                {role.duties.map((duty) => (
                  <li key={duty}>{duty}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p>
          의료기관 담당자의 시스템 이용 방법은 <Link to={paths.registSite}>환자등록시스템 안내</Link>에서 확인하실 수
          있습니다.
        </p>
      </section>

      <section className="info-section" aria-labelledby="about-followup">
        <h2 id="about-followup">추적 관찰</h2>
        <p>
          이식형 의료기기의 안전성은 오랜 기간에 걸쳐 확인됩니다. 등록 후에도 다음과 같이 경과를 확인하며, 세부 주기는
          품목의 특성에 따라 다릅니다.
        </p>
        <dl className="info-timeline-list">
          {followUpSchedule.map((point) => (
            <div key={point.when}>
              <dt>{point.when}</dt>
              <dd>{point.what}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="info-section" aria-labelledby="about-privacy">
        <h2 id="about-privacy">개인정보 보호</h2>
        <p>
          환자등록 자료는 「개인정보 보호법」과 관계 법령에 따라 안전하게 관리합니다.
          {site && <> 개인정보 처리에 관한 업무는 {site.operator}에서 총괄합니다.</>}
        </p>
        <ul className="info-checklist">
          {privacyMeasures.map((measure) => (
            <li key={measure}>{measure}</li>
          ))}
        </ul>
        <p>
          자세한 내용은 <Link to={paths.privacy}>개인정보처리방침</Link>을 확인해 주시기 바랍니다.
        </p>
      </section>

      <section className="info-section" aria-labelledby="about-use">
        <h2 id="about-use">등록 결과의 활용과 공개</h2>
        <p>등록 자료를 분석한 결과는 개인을 알아볼 수 없는 통계 형태로 공개합니다.</p>
        <ul className="info-link-list">
          <li>
            <Link to={paths.boardList('Reference', 'annualReport')}>연차보고서</Link>
            <span>해마다 등록 현황과 품목별 안전성 분석 결과를 정리하여 발간합니다.</span>
          </li>
          <li>
            <Link to={paths.boardList('Reference', 'safetyInformation')}>안전성 정보</Link>
            <span>이식형 의료기기의 회수, 안전성 서한 등 환자와 의료진이 알아야 할 정보를 알려 드립니다.</span>
          </li>
          <li>
            <Link to={paths.boardList('Reference', 'public')}>공개자료</Link>
            <span>등록 안내서, 서식, 교육·발표 자료를 내려받으실 수 있습니다.</span>
          </li>
        </ul>
      </section>

      <section className="info-section" aria-labelledby="about-patients">
        <h2 id="about-patients">환자분들께 드리는 안내</h2>
        <ul className="info-checklist">
          {patientTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>

      <section className="info-section" aria-labelledby="about-contact">
        <h2 id="about-contact">문의처</h2>
        <ContactList />
      </section>
    </InfoPageShell>
  );
}
