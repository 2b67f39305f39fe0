import { Link } from 'react-router';
import { fixedScreens, paths } from '@contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StackedTable } from '../../ui/StackedTable';
import { useSiteInfo } from '../site/api/get-site-info';
import { ContactList, InfoPageShell } from './InfoPageShell';

interface Purpose {
  title: string;
  text: string;
}

const purposes: readonly Purpose[] = [
  {
    title: '신속한 환자 안전 조치',
    text: '회수나 안전성 서한이 발행되면 해당 제품이 이식된 환자를 빠르게 찾아 의료기관을 통해 알리고, 필요한 진료를 받으실 수 있도록 돕습니다.',
  },
  {
    title: '장기 안전성 근거 마련',
    text: '수년에서 수십 년 동안 몸속에 머무는 의료기기의 재수술률, 이상사례, 제품 수명을 체계적으로 관찰하여 과학적 근거를 쌓습니다.',
  },
  {
    title: '의료기기 품질 향상',
    text: '축적된 자료를 분석하여 제조·수입업체의 제품 개선과 허가 후 안전관리 정책에 활용할 수 있도록 제공합니다.',
  },
  {
    title: '환자의 알 권리 보장',
    text: '내 몸에 어떤 의료기기가 이식되었는지 확인할 수 있는 기반을 마련하여, 환자가 자신의 치료 정보를 바탕으로 안심하고 생활하실 수 있도록 합니다.',
  },
];

/** How a safety issue reaches the patient through the registry. */
const followUpFlow: readonly string[] = [
  '제조·수입업체나 식품의약품안전처가 특정 모델·로트(제조번호)에 대한 회수 또는 안전성 정보를 발표합니다.',
  '환자등록사업단이 등록 자료에서 해당 모델·로트가 이식된 환자와 시술 의료기관을 확인합니다.',
  '시술 의료기관에 대상 환자 목록과 안전성 정보를 신속하게 전달합니다.',
  '의료기관이 환자에게 연락하여 상태를 확인하고, 필요하면 추가 검사나 진료를 안내합니다.',
  '조치 결과와 이후 경과를 등록시스템에 기록하여 같은 문제가 되풀이되지 않도록 분석합니다.',
];

interface DeviceCategory {
  field: string;
  examples: string;
  note: string;
}

const deviceCategories: readonly DeviceCategory[] = [
  { field: '정형외과', examples: '인공 고관절, 인공 슬관절, 인공 어깨관절', note: '마모·해리에 따른 재수술 여부를 장기간 관찰' },
  { field: '심장·혈관', examples: '인공심장박동기, 이식형 심장충격기(제세동기), 심장 판막', note: '전지 수명, 리드선 이상, 기기 오작동 확인' },
  { field: '성형·재건', examples: '유방 보형물(실리콘·식염수 겔 보형물)', note: '파열·구형구축과 드물게 보고되는 희귀 질환 추적' },
  { field: '안과', examples: '인공수정체', note: '시술 후 혼탁·위치 이상 등 시기능 관련 이상사례 확인' },
  { field: '이비인후과', examples: '인공와우(인공달팽이관)', note: '내부 장치 고장과 재이식 여부 관찰' },
];

interface Participant {
  who: string;
  benefit: string;
}

const participants: readonly Participant[] = [
  {
    who: '환자와 보호자',
    benefit: '이식받은 의료기기에 안전성 문제가 생겼을 때 빠르게 안내받고 적절한 진료를 받으실 수 있습니다.',
  },
  {
    who: '의료기관',
    benefit: '시술한 의료기기 정보를 체계적으로 관리하고, 회수·안전성 정보가 발표되면 대상 환자를 바로 확인할 수 있습니다.',
  },
  {
    who: '제조·수입업체',
    benefit: '출하한 제품이 실제 진료 현장에서 어떻게 쓰이고 있는지 파악하여 회수 조치와 품질 개선에 활용할 수 있습니다.',
  },
  {
    who: '정부와 연구자',
    benefit: '국내 실사용 자료에 근거하여 허가 후 안전관리 정책을 세우고, 공익 목적의 연구에 통계 자료를 활용할 수 있습니다.',
  },
];

/** 사업 소개: what the registry programme is, why it exists and whom it serves. */
export function Component() {
  useDocumentTitle(fixedScreens.nidsIntro.title);
  const { data: site } = useSiteInfo();

  return (
    <InfoPageShell
      section="about"
      title={fixedScreens.nidsIntro.title}
      lead={fixedScreens.nidsIntro.description}
    >
      <section className="info-section" aria-labelledby="intro-overview">
        <h2 id="intro-overview">사업 개요</h2>
        <p>
          인공관절, 인공심장박동기, 유방 보형물처럼 몸속에 이식되는 의료기기는 한 번 시술하면 오랜 기간 환자의 몸 안에서
          기능합니다. 이러한 의료기기에 결함이나 이상사례가 확인되면, 해당 제품을 이식받은 환자를 찾아 알리고 필요한
          조치를 하는 일이 무엇보다 중요합니다.
        </p>
        <p>
          환자등록사업은 「의료기기법」에 따른 추적관리대상 의료기기를 중심으로, 어떤 의료기기(고유식별코드(UDI), 모델,
          로트·일련번호)가 어느 환자에게 언제 이식되었는지를 등록하고, 이식 후 경과를 장기간 추적하여 환자 안전을 지키는
          사업입니다.
        </p>
        <dl className="info-facts">
          <div>
            <dt>사업명</dt>
            <dd>
              {site?.siteName ?? '인체이식형 의료기기 환자등록사업'}
              {site?.siteNameEn && <span lang="en"> ({site.siteNameEn})</span>}
            </dd>
          </div>
          {site && (
            <div>
              <dt>운영기관</dt>
              <dd>{site.operator}</dd>
            </div>
          )}
          <div>
            <dt>근거</dt>
            <dd>「의료기기법」 추적관리대상 의료기기 관리 제도</dd>
          </div>
          <div>
            <dt>등록 대상</dt>
            <dd>인체에 이식되는 추적관리대상 의료기기와 그 기기를 이식받은 환자</dd>
          </div>
        </dl>
      </section>

      <section className="info-section" aria-labelledby="intro-purpose">
        <h2 id="intro-purpose">사업 목적</h2>
        <ul className="info-cards">
          {purposes.map((purpose) => (
            <li key={purpose.title} className="info-card">
              <h3 className="info-card__title">{purpose.title}</h3>
              <p>{purpose.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="info-section" aria-labelledby="intro-why">
        <h2 id="intro-why">이식 의료기기 등록이 왜 중요한가요?</h2>
        <p>
          이식형 의료기기의 문제는 시술 직후가 아니라 수년이 지난 뒤에 드러나는 경우가 많습니다. 그 사이 환자가 이사하거나
          다른 병원으로 옮기면, 어떤 제품을 이식받았는지조차 확인하기 어려워집니다. 환자등록은 이식 당시의 기록을 안전하게
          남겨 두었다가, 필요한 순간에 환자를 다시 찾을 수 있도록 하는 안전망입니다.
        </p>
        <h3>안전성 문제가 생겼을 때 이렇게 환자에게 전달됩니다</h3>
        <ol className="info-steps">
          {followUpFlow.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="info-note">
          발표된 회수·안전성 정보는 <Link to={paths.boardList('Reference', 'safetyInformation')}>안전성 정보</Link>{' '}
          게시판에서 누구나 확인하실 수 있습니다.
        </p>
      </section>

      <section className="info-section" aria-labelledby="intro-devices">
        <h2 id="intro-devices">주요 등록 대상 의료기기</h2>
        <p>
          등록 대상은 추적관리대상 의료기기 가운데 인체에 이식되는 품목이며, 사업 성과와 현장 의견을 반영하여 단계적으로
          넓혀 가고 있습니다.
        </p>
        <StackedTable
          className="info-table"
          caption="진료 분야별 주요 등록 대상 의료기기와 추적 관찰 내용"
          columns={['분야', '대표 품목', '주요 관찰 내용']}
          rows={deviceCategories.map((category) => ({ key: category.field, cells: [category.field, category.examples, category.note] }))}
        />
        <p className="info-muted">
          세부 등록 대상 품목과 적용 시기는 <Link to={paths.nidsAbout}>등록사업 안내</Link>와 공지사항을 통해 안내합니다.
        </p>
      </section>

      <section className="info-section" aria-labelledby="intro-participants">
        <h2 id="intro-participants">함께하는 분들</h2>
        <p>환자등록사업은 환자, 의료기관, 업계, 정부가 함께 참여할 때 비로소 제 역할을 할 수 있습니다.</p>
        <ul className="info-cards">
          {participants.map((participant) => (
            <li key={participant.who} className="info-card">
              <h3 className="info-card__title">{participant.who}</h3>
              <p>{participant.benefit}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="info-section" aria-labelledby="intro-contact">
        <h2 id="intro-contact">문의처</h2>
        <p>사업에 관하여 궁금하신 점은 아래 연락처나 누리집의 문의하기를 이용해 주시기 바랍니다.</p>
        <ContactList />
        <p>
          <Link className="button" to={paths.boardWrite('Nids', 'contactus')}>
            문의하기
          </Link>
        </p>
      </section>
    </InfoPageShell>
  );
}
