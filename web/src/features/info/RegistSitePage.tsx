import { Link } from 'react-router';
import { fixedScreens, paths } from '@contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSiteInfo } from '../site/api/get-site-info';
import { ContactList, InfoPageShell, safeExternalUrl } from './InfoPageShell';

interface UserType {
  who: string;
  text: string;
}

const userTypes: readonly UserType[] = [
  {
    who: '의료기관 등록 담당자',
    text: '이식 시술을 하는 의료기관의 의사, 간호사, 연구간호사(코디네이터) 등 기관 책임자가 지정한 담당자가 환자와 시술 정보를 등록합니다.',
  },
  {
    who: '의료기관 책임자',
    text: '기관의 참여를 신청하고 소속 등록 담당자의 계정 신청을 확인·승인하며, 기관의 등록 현황을 관리합니다.',
  },
  {
    who: '환자등록사업단',
    text: '등록 자료를 검증하고 의료기관에 보완을 요청하며, 회수·안전성 정보가 발생하면 대상 환자를 확인합니다.',
  },
];

interface Step {
  title: string;
  text: string;
}

const accountSteps: readonly Step[] = [
  {
    title: '기관 등록 신청',
    text: '의료기관 책임자가 환자등록시스템에서 기관 참여를 신청하고, 참여 신청서와 개인정보 처리 위탁 관련 서류를 제출합니다.',
  },
  {
    title: '기관 승인',
    text: '환자등록사업단이 신청 내용을 확인한 뒤 기관을 승인하고, 기관 책임자 계정을 발급합니다.',
  },
  {
    title: '담당자 계정 신청',
    text: '등록 업무를 맡을 담당자가 소속 기관을 선택하여 계정을 신청하고, 개인정보 보호 서약에 동의합니다.',
  },
  {
    title: '담당자 승인',
    text: '기관 책임자와 환자등록사업단이 차례로 신청을 승인하면, 담당자에게 승인 결과가 전자우편으로 안내됩니다.',
  },
  {
    title: '환자 등록',
    text: '승인된 담당자가 로그인하여 환자 동의 여부를 확인한 뒤 환자, 의료기기, 시술 정보를 등록합니다.',
  },
  {
    title: '추적 정보 입력',
    text: '시스템이 알려 주는 추적 관찰 일정에 맞추어 환자의 경과와 재수술·이상사례 정보를 입력합니다.',
  },
];

const registrationSteps: readonly string[] = [
  '환자에게 등록사업을 설명하고 개인정보 수집·이용 동의서를 받습니다.',
  '환자 검색 화면에서 이미 등록된 환자인지 확인하고, 없으면 새로 등록합니다.',
  '이식한 의료기기의 고유식별코드(UDI)를 바코드 스캐너로 읽거나 직접 입력하면 모델명과 제조·수입업체 정보가 채워집니다.',
  '로트 또는 일련번호, 시술일, 시술 부위 등 시술 정보를 입력합니다.',
  '입력 내용을 확인하고 제출합니다. 제출한 자료는 사업단 검증을 거쳐 확정됩니다.',
];

const environment: readonly string[] = [
  '최신 버전의 Microsoft Edge, Chrome, Whale, Firefox, Safari 브라우저에서 이용하실 수 있습니다.',
  '의료기관 내부 업무용 PC에서 이용하시고, 공용 PC나 개인 휴대전화에서는 환자 정보를 조회하지 마시기 바랍니다.',
  '보안을 위하여 일정 시간 동안 사용하지 않으면 자동으로 로그아웃됩니다.',
  '비밀번호는 주기적으로 변경하시고, 계정을 다른 사람과 함께 쓰지 마시기 바랍니다.',
];

interface Faq {
  question: string;
  answer: string;
}

const faqs: readonly Faq[] = [
  {
    question: '이 누리집의 회원 계정으로 환자등록시스템에 로그인할 수 있나요?',
    answer:
      '아닙니다. 누리집 회원 계정과 환자등록시스템 계정은 서로 다릅니다. 환자등록시스템은 기관 승인을 받은 담당자만 이용할 수 있으며, 위의 계정 발급 절차에 따라 별도로 신청하셔야 합니다.',
  },
  {
    question: '한 의료기관에서 여러 명이 계정을 발급받을 수 있나요?',
    answer:
      '네. 진료과나 업무에 따라 여러 담당자를 지정할 수 있습니다. 다만 담당자마다 각자의 계정을 사용하셔야 하며, 퇴직이나 업무 변경 시에는 기관 책임자가 바로 계정 해지를 요청해 주셔야 합니다.',
  },
  {
    question: '환자가 등록에 동의하지 않으면 어떻게 하나요?',
    answer:
      '동의하지 않은 환자의 개인정보는 등록하지 않습니다. 환자가 동의하지 않더라도 진료에는 어떠한 불이익도 없으며, 이 사실을 환자에게 함께 안내해 주시기 바랍니다.',
  },
  {
    question: '고유식별코드(UDI)가 없는 제품은 어떻게 등록하나요?',
    answer:
      '품목명과 제조·수입업체를 검색하여 모델을 선택한 뒤, 제품 포장이나 이식 카드에 적힌 로트 또는 일련번호를 직접 입력해 주십시오.',
  },
  {
    question: '잘못 입력한 내용은 어떻게 고치나요?',
    answer:
      '사업단 검증 전에는 담당자가 직접 수정할 수 있습니다. 검증이 끝난 자료는 수정 요청 기능으로 사유를 적어 요청하시면 사업단이 확인한 뒤 반영합니다.',
  },
  {
    question: '비밀번호를 잊었거나 계정이 잠겼어요.',
    answer:
      '환자등록시스템 로그인 화면의 비밀번호 재설정 기능을 이용해 주십시오. 계정이 잠긴 경우에는 아래 이용 문의처로 연락하시면 본인 확인 후 잠금을 해제해 드립니다.',
  },
];

/** 환자등록시스템 안내: who uses the registration system, how to get an account, how to register, FAQ and help desk. */
export function Component() {
  useDocumentTitle(fixedScreens.registSite.title);
  const { data: site, isError } = useSiteInfo();
  const systemUrl = safeExternalUrl(site?.registSiteUrl);

  return (
    <InfoPageShell
      section="system"
      title={fixedScreens.registSite.title}
      lead={fixedScreens.registSite.description}
    >
      <section className="info-callout" aria-labelledby="regist-go">
        <div className="info-callout__body">
          <h2 id="regist-go" className="info-callout__title">
            시스템 접속
          </h2>
          <p>
            계정을 발급받은 의료기관 담당자는 아래 버튼을 눌러 환자등록시스템에 접속하실 수 있습니다. 환자등록시스템은 새
            창에서 열립니다.
          </p>
          {systemUrl && site && (
            <p className="info-callout__url">
              접속 주소: <span lang="en">{site.registSiteUrl}</span>
            </p>
          )}
        </div>
        <div className="info-callout__action">
          {systemUrl ? (
            <a className="button button--primary info-callout__button" href={systemUrl} target="_blank" rel="noopener noreferrer">
              환자등록시스템 바로가기
              <span className="visually-hidden">(새 창 열림)</span>
              <svg className="info-external-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M9 2h5v5h-1.5V4.56L7.53 9.53 6.47 8.47l4.97-4.97H9V2zM3 4h4v1.5H3.5v7h7V9H12v5H2V4h1z" fill="currentColor" />
              </svg>
            </a>
          ) : (
            <p className="info-muted" role="status">
              {site || isError
                ? '지금은 접속 주소를 표시할 수 없습니다. 아래 이용 문의처로 연락해 주십시오.'
                : '접속 주소를 불러오고 있습니다.'}
            </p>
          )}
        </div>
      </section>

      <section className="info-section" aria-labelledby="regist-users">
        <h2 id="regist-users">이용 대상</h2>
        <p>
          환자등록시스템은 참여 의료기관에서 승인받은 담당자만 이용하실 수 있습니다. 환자나 일반 국민께서는 이
          누리집의 <Link to={paths.nidsIntro}>사업 소개</Link>와 <Link to={paths.nidsAbout}>등록사업 안내</Link>를 참고해
          주십시오.
        </p>
        <ul className="info-cards info-cards--three">
          {userTypes.map((user) => (
            <li key={user.who} className="info-card">
              <h3 className="info-card__title">{user.who}</h3>
              <p>{user.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="info-section" aria-labelledby="regist-account">
        <h2 id="regist-account">계정 발급 및 이용 절차</h2>
        <p>처음 참여하는 의료기관은 기관 등록부터, 이미 참여 중인 기관의 새 담당자는 3단계부터 진행하시면 됩니다.</p>
        <ol className="info-process">
          {accountSteps.map((step) => (
            <li key={step.title} className="info-process__step">
              <h3 className="info-process__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="info-section" aria-labelledby="regist-how">
        <h2 id="regist-how">환자 등록 방법</h2>
        <ol className="info-steps">
          {registrationSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="info-note">
          등록 안내서와 동의서 서식은 <Link to={paths.boardList('Reference', 'public')}>공개자료</Link>에서 내려받으실 수
          있습니다.
        </p>
      </section>

      <section className="info-section" aria-labelledby="regist-env">
        <h2 id="regist-env">이용 환경과 보안 수칙</h2>
        <ul className="info-checklist">
          {environment.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section className="info-section" aria-labelledby="regist-faq">
        <h2 id="regist-faq">자주 묻는 질문</h2>
        <div className="info-faq">
          {faqs.map((faq) => (
            <details key={faq.question} className="info-faq__item">
              <summary className="info-faq__question">
                <span className="info-faq__mark" aria-hidden="true">
                  Q
                </span>
                {faq.question}
              </summary>
              <div className="info-faq__answer">
                <span className="info-faq__mark info-faq__mark--answer" aria-hidden="true">
                  A
                </span>
                <p>{faq.answer}</p>
              </div>
            </details>
          ))}
        </div>
      </section>

      <section className="info-section" aria-labelledby="regist-help">
        <h2 id="regist-help">이용 문의</h2>
        <p>계정 발급, 로그인, 등록 방법에 관하여 궁금하신 점은 환자등록시스템 헬프데스크로 문의해 주십시오.</p>
        <ContactList />
        <p>
          <Link className="button" to={paths.boardWrite('Nids', 'contactus')}>
            온라인으로 문의하기
          </Link>
        </p>
      </section>
    </InfoPageShell>
  );
}
