import { fixedScreens } from '@contract';
import { ContactList, mailHref, telHref, TERMS_EFFECTIVE_DATE, TermsDocument, TermsTable, useTermsSite, type TermsArticle, type TermsSite } from './TermsDocument';

/**
 * 개인정보처리방침 (spec §2, /TOS/Content/PrivacyContent). Structure follows 「개인정보 보호법」
 * 제30조 and the PIPC 개인정보 처리방침 작성지침 for public institutions. Institution facts
 * (operator, contacts, privacy officer) come from site settings.
 */
export function Component() {
  const site = useTermsSite();
  return (
    <TermsDocument
      title={fixedScreens.privacy.title}
      idPrefix="privacy"
      siteName={site.siteName}
      intro={
        <>
          <p>
            {site.operator}(이하 ‘기관’이라 <span className="terms__nowrap">합니다){site.operatorTopic}</span> 「개인정보 보호법」 제30조에 따라 정보주체의 개인정보를 보호하고
            이와 관련한 고충을 신속하고 원활하게 처리할 수 있도록 다음과 같이 개인정보 처리방침을 수립·공개합니다.
          </p>
          <p>
            이 처리방침은 기관이 운영하는 「{site.siteName}」 누리집(이하 ‘누리집’이라 합니다)에 적용됩니다. 누리집에서 연결되는
            환자등록 시스템 등 별도의 정보시스템에서 처리하는 개인정보에는 해당 시스템에서 공개하는 개인정보 처리방침이 적용됩니다.
          </p>
        </>
      }
      body={{ kind: 'articles', articles: privacyArticles(site) }}
    />
  );
}

/** Columns of the tables of what the site keeps in a browser (제9조). */
const STORED_ITEM_COLUMNS = ['저장 항목', '저장하는 내용', '저장 및 삭제 시점'];

/**
 * One thing the site keeps in a browser, by its exact name (`*` ends a family of names, such as
 * one draft per board). e2e/privacy-storage.spec.ts checks that everything a real session leaves
 * in the browser is named in these tables.
 */
function storedItem(name: string, what: string, when: string) {
  return { key: name, cells: [<code className="terms-table__item">{name}</code>, what, when] };
}

function privacyArticles(site: TermsSite): TermsArticle[] {
  const { info, status } = site;
  return [
    {
      id: 'privacy-purpose',
      title: '제1조(개인정보의 처리 목적)',
      content: (
        <>
          <p>
            기관은 다음의 목적을 위하여 개인정보를 처리합니다. 처리하는 개인정보는 다음의 목적 이외의 용도로는 이용하지 않으며, 이용
            목적이 변경되는 경우에는 「개인정보 보호법」 제18조에 따라 별도의 동의를 받는 등 필요한 조치를 이행합니다.
          </p>
          <ol className="terms-items">
            <li>
              <strong>누리집 회원 가입 및 관리</strong>: 회원 가입 의사 확인, 이메일 인증 등을 통한 본인 확인, 회원자격 유지·관리, 회원
              전용 게시판(회원 공지사항, 커뮤니티) 이용 제공, 서비스 부정 이용 방지, 각종 고지·통지
            </li>
            <li>
              <strong>문의 처리</strong>: 문의 접수, 문의 내용 확인을 위한 연락, 답변 및 처리 결과 통지
            </li>
            <li>
              <strong>누리집 서비스 제공</strong>: 게시물 작성·관리, 회원이 선택한 관심 분야에 맞춘 사업 정보 안내
            </li>
            <li>
              <strong>사업 소식 안내(마케팅 정보 수신에 동의한 회원에 한함)</strong>: 환자등록사업 소식, 교육·행사 안내 등 정보 제공
            </li>
            <li>
              <strong>안전한 서비스 운영</strong>: 접속 기록을 이용한 부정 이용 방지, 보안 사고 예방 및 조사, 서비스 장애 대응
            </li>
          </ol>
          <p>
            기관은 정보주체의 동의(「개인정보 보호법」 제15조 제1항 제1호)를 받아 위 개인정보를 처리하며, 접속 기록은 법령상 의무를
            준수하기 위하여(같은 법 제15조 제1항 제2호 및 제29조) 생성·보관합니다.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-items',
      title: '제2조(처리하는 개인정보의 항목)',
      content: (
        <>
          <p>기관은 다음의 개인정보 항목을 처리합니다.</p>
          <TermsTable
            caption="처리하는 개인정보 항목"
            columns={['구분', '필수 항목', '선택 항목', '수집 방법']}
            rows={[
              {
                key: 'signup',
                cells: [
                  '회원 가입',
                  '아이디, 비밀번호, 성명, 이메일, 소속 기관, 직역',
                  '휴대전화번호, 관심 분야, 마케팅 정보 수신 동의 여부',
                  '회원가입 화면에 정보주체가 직접 입력',
                ],
              },
              { key: 'contact', cells: ['문의하기', '성명, 이메일, 연락처, 문의내용', '없음', '문의하기 화면에 정보주체가 직접 입력'] },
              {
                key: 'auto',
                cells: ['서비스 이용 과정에서 자동 생성', '접속 IP 주소, 접속 일시, 서비스 이용 기록', '없음', '누리집 이용 시 자동으로 생성·수집'],
              },
            ]}
          />
          <ul>
            <li>비밀번호는 제8조에 따라 일방향 암호화하여 저장하므로 기관도 원래의 비밀번호를 알 수 없습니다.</li>
            <li>선택 항목은 입력하지 않거나 동의하지 않아도 회원 가입과 누리집 이용에 제한이 없습니다.</li>
            <li>
              기관은 누리집에서 주민등록번호 등 고유식별정보와 건강에 관한 정보 등 민감정보를 수집하지 않습니다. 문의내용이나 게시물에
              본인 또는 다른 사람(환자 등)의 민감한 정보를 적지 않도록 유의해 주십시오.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'privacy-retention',
      title: '제3조(개인정보의 처리 및 보유 기간)',
      content: (
        <>
          <p>
            기관은 법령에 따른 개인정보 보유·이용 기간 또는 정보주체로부터 개인정보를 수집할 때 동의받은 보유·이용 기간 내에서
            개인정보를 처리·보유합니다. 각 개인정보의 처리 근거와 보유 기간은 다음과 같습니다.
          </p>
          <TermsTable
            caption="개인정보파일별 처리 근거 및 보유 기간"
            columns={['개인정보파일', '처리 근거', '보유 기간']}
            rows={[
              {
                key: 'member',
                cells: [
                  '누리집 회원 정보',
                  '정보주체의 동의(「개인정보 보호법」 제15조 제1항 제1호)',
                  <>
                    <strong>회원 탈퇴 시까지</strong>(탈퇴 시 즉시 파기. 다만 아이디는 재사용 방지를 위하여 보관)
                  </>,
                ],
              },
              {
                key: 'contact',
                cells: ['문의 정보', '정보주체의 동의(「개인정보 보호법」 제15조 제1항 제1호)', <strong key="period">문의 접수일부터 3년</strong>],
              },
              {
                key: 'log',
                cells: [
                  '접속 기록',
                  '「개인정보 보호법」 제15조 제1항 제2호·제29조, 「개인정보의 안전성 확보조치 기준」',
                  <strong key="period">관계 법령에 따라 1년 이상</strong>,
                ],
              },
            ]}
          />
          <p>다만, 다음의 사유가 있는 경우에는 해당 사유가 끝날 때까지 보유합니다.</p>
          <ul>
            <li>관계 법령 위반에 따른 수사·조사 등이 진행 중인 경우: 해당 수사·조사가 끝날 때까지</li>
            <li>정보주체와의 분쟁 또는 민원 처리가 진행 중인 경우: 해당 절차가 끝날 때까지</li>
          </ul>
          <p>
            회원 탈퇴 후 보관하는 아이디는 다른 사람이 같은 아이디로 가입하여 탈퇴한 회원으로 오인되는 것을 막기 위한 것으로, 아이디 외의
            정보는 보관하지 않으며 다른 목적으로 이용하지 않습니다.
          </p>
          <p>
            기관은 「개인정보 보호법」 제32조에 따라 개인정보파일을 개인정보보호위원회에 등록하며, 등록 현황은 개인정보 포털(
            <a href="https://www.privacy.go.kr">www.privacy.go.kr</a>)의 개인정보파일 목록 검색에서 확인할 수 있습니다.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-destruction',
      title: '제4조(개인정보의 파기 절차 및 방법)',
      content: (
        <>
          <p>
            기관은 개인정보 보유 기간이 지나거나 처리 목적이 달성되는 등 개인정보가 불필요하게 되었을 때에는 지체 없이 해당 개인정보를
            파기합니다.
          </p>
          <ol className="terms-items">
            <li>
              <strong>파기 절차</strong>: 파기 사유가 발생한 개인정보를 선정하고 기관의 개인정보 보호책임자의 승인을 받아 파기하며, 파기
              결과를 기록·관리합니다. 회원이 탈퇴한 경우에는 탈퇴 즉시 회원 정보를 파기합니다(제3조에 따라 보관하는 아이디는 제외).
            </li>
            <li>
              <strong>파기 방법</strong>: 전자적 파일 형태의 정보는 복구·재생할 수 없는 기술적 방법으로 영구 삭제하고, 종이에 출력된
              정보는 분쇄하거나 소각합니다.
            </li>
            <li>
              <strong>법령에 따른 보존</strong>: 다른 법령에 따라 개인정보를 계속 보존하여야 하는 경우에는 해당 개인정보를 별도의
              데이터베이스(DB)로 옮기거나 보관 장소를 달리하여 보존하며, 그 법령에서 정한 목적 외로는 이용하지 않습니다.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'privacy-third-party',
      title: '제5조(개인정보의 제3자 제공)',
      content: (
        <>
          <p>
            기관은 정보주체의 개인정보를 제1조에서 명시한 범위 내에서만 처리하며, 정보주체의 동의, 법률의 특별한 규정 등 「개인정보
            보호법」 제17조 및 제18조에 해당하는 경우에만 개인정보를 제3자에게 제공합니다.
          </p>
          <p>
            <strong>현재 기관은 누리집에서 수집한 개인정보를 제3자에게 제공하지 않습니다.</strong> 제3자 제공이 필요하게 되면 제공받는 자,
            제공 목적, 제공 항목, 보유 기간을 정보주체에게 알리고 동의를 받습니다.
          </p>
          <p>
            「개인정보 보호법」 제18조 제2항에 따라 개인정보를 목적 외로 이용하거나 제3자에게 제공하는 경우에는 같은 조 제4항에 따라 그
            법적 근거, 목적 및 범위 등을 관보 또는 누리집에 게재합니다.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-processors',
      title: '제6조(개인정보 처리의 위탁)',
      content: (
        <>
          <p>기관은 원활한 개인정보 업무 처리를 위하여 다음과 같이 개인정보 처리 업무를 위탁하고 있습니다.</p>
          <TermsTable
            caption="개인정보 처리 위탁 현황"
            columns={['위탁 업무', '수탁자', '위탁하는 개인정보']}
            rows={[
              {
                key: 'maintenance',
                cells: [
                  '누리집 시스템 운영 및 유지보수',
                  '누리집 유지관리 용역 계약업체',
                  '유지보수 작업에 필요한 범위의 회원 정보, 문의 정보, 접속 기록',
                ],
              },
              {
                key: 'email',
                cells: ['이메일 발송 대행(회원 가입 인증번호, 문의 답변, 알림)', '이메일 발송 서비스 제공업체', '성명, 이메일'],
              },
              {
                key: 'sms',
                cells: ['문자메시지 발송 대행(인증번호, 알림)', '문자메시지 발송 서비스 제공업체', '휴대전화번호 또는 연락처'],
              },
            ]}
          />
          <p>
            기관은 위탁계약을 체결할 때 「개인정보 보호법」 제26조에 따라 위탁업무 수행 목적 외 개인정보 처리 금지, 안전성 확보조치,
            재위탁 제한, 수탁자에 대한 관리·감독, 손해배상 등 책임에 관한 사항을 계약서 등 문서에 명시하고, 수탁자가 개인정보를 안전하게
            처리하는지를 감독합니다.
          </p>
          <p>위탁 업무의 내용이나 수탁자가 변경되는 경우에는 지체 없이 이 개인정보 처리방침을 통하여 공개합니다.</p>
        </>
      ),
    },
    {
      id: 'privacy-rights',
      title: '제7조(정보주체와 법정대리인의 권리·의무 및 행사 방법)',
      content: (
        <>
          <ol className="terms-clauses">
            <li>정보주체는 기관에 대하여 언제든지 개인정보 열람, 정정·삭제, 처리정지 요구 및 동의 철회 등의 권리를 행사할 수 있습니다.</li>
            <li>
              권리 행사는 「개인정보 보호법 시행령」 제41조 제1항에 따라 서면, 전자우편, 모사전송(FAX) 등을 통하여 제10조의 열람청구
              접수·처리 부서에 하실 수 있으며, 기관은 이에 대하여 지체 없이 조치합니다. 개인정보보호위원회의 개인정보 포털(
              <a href="https://www.privacy.go.kr">www.privacy.go.kr</a>)을 통하여서도 열람을 청구할 수 있습니다. 회원은 누리집에서
              제공하는 회원정보 수정 및 회원 탈퇴 기능으로 자신의 정보를 직접 열람·정정하거나 삭제할 수도 있습니다.
            </li>
            <li>
              <strong>열람</strong>: 기관은 열람을 요구받은 날부터 10일 이내에 열람할 수 있도록 합니다. 다만 「개인정보 보호법」 제35조
              제4항에 해당하는 경우에는 열람이 제한되거나 거절될 수 있습니다.
            </li>
            <li>
              <strong>정정·삭제</strong>: 다른 법령에서 그 개인정보가 수집 대상으로 명시되어 있는 경우에는 그 삭제를 요구할 수 없습니다(같은
              법 제36조 제1항).
            </li>
            <li>
              <strong>처리정지 및 동의 철회</strong>: 같은 법 제37조 제2항에 해당하는 경우에는 처리정지 요구가 거절될 수 있습니다. 처리정지
              요구나 동의 철회로 회원 정보의 처리가 정지되면 회원 전용 서비스의 이용이 제한될 수 있습니다.
            </li>
            <li>
              권리 행사는 정보주체의 법정대리인이나 위임을 받은 자 등 대리인을 통하여 할 수도 있습니다. 이 경우 「개인정보 처리 방법에 관한
              고시」 별지 서식에 따른 위임장을 제출하셔야 합니다.
            </li>
            <li>기관은 권리 행사를 요구한 사람이 본인이거나 정당한 대리인인지를 확인합니다.</li>
            <li>
              <strong>만 14세 미만 아동</strong>: 기관은 만 14세 미만 아동의 개인정보를 처리하기 위하여 동의가 필요한 경우에는 그
              법정대리인의 동의를 받습니다(같은 법 제22조의2). 법정대리인은 아동의 개인정보에 대하여 열람, 정정·삭제, 처리정지를 요구할 수
              있습니다.
            </li>
            <li>
              <strong>정보주체의 의무</strong>: 정보주체는 자신의 개인정보를 정확하고 최신의 상태로 입력하고, 아이디와 비밀번호를 안전하게
              관리하여야 합니다. 다른 사람의 개인정보를 도용하여 회원 가입을 하거나 문의하는 등 다른 사람의 개인정보와 권리를 침해하는
              경우에는 관계 법령에 따라 처벌을 받을 수 있습니다.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'privacy-safety',
      title: '제8조(개인정보의 안전성 확보 조치)',
      content: (
        <>
          <p>
            기관은 「개인정보 보호법」 제29조 및 「개인정보의 안전성 확보조치 기준」에 따라 개인정보의 안전성 확보를 위하여 다음과 같은
            조치를 하고 있습니다.
          </p>
          <ol className="terms-items">
            <li>
              <strong>관리적 조치</strong>: 내부 관리계획의 수립·시행, 개인정보취급자의 최소 지정 및 정기적인 개인정보 보호 교육, 수탁자에
              대한 관리·감독
            </li>
            <li>
              <strong>기술적 조치</strong>
              <ul>
                <li>
                  비밀번호 일방향 암호화: 회원의 비밀번호는 argon2id 알고리즘으로 일방향 암호화(해시)하여 저장하므로 기관의 직원도 알 수
                  없으며, 본인만이 알고 변경할 수 있습니다.
                </li>
                <li>전송 구간 암호화: 누리집과 이용자 사이에 주고받는 정보는 TLS(HTTPS)로 암호화하여 전송합니다.</li>
                <li>
                  접근 권한의 관리: 개인정보처리시스템에 대한 접근 권한을 업무상 필요한 최소한의 인원에게 역할에 따라 부여하고, 권한의
                  부여·변경·말소 내역을 기록하여 3년 이상 보관합니다.
                </li>
                <li>
                  접근 통제: 침입 차단 등으로 외부로부터의 무단 접근을 통제하고, 반복적인 로그인 시도 등 비정상적인 요청을 제한합니다.
                </li>
                <li>
                  접속 기록의 보관 및 점검: 개인정보처리시스템에 접속한 기록을 1년 이상 보관·관리하고, 위조·변조 및 도난·분실되지 않도록
                  보호하며 정기적으로 점검합니다.
                </li>
                <li>보안 프로그램의 설치 및 갱신: 악성 프로그램 등을 방지하기 위한 보안 프로그램을 설치하고 주기적으로 갱신·점검합니다.</li>
              </ul>
            </li>
            <li>
              <strong>물리적 조치</strong>: 개인정보를 보관하는 전산실, 자료보관실 등에 대한 출입 통제 절차를 수립·운영합니다.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'privacy-auto-collection',
      title: '제9조(개인정보 자동 수집 장치의 설치·운영 및 거부에 관한 사항)',
      content: (
        <>
          <p>
            기관은 광고나 맞춤형 서비스를 위한 행태정보를 수집하지 않으며, 접속 통계나 광고 추적을 위한 외부 분석 도구, 웹 비콘 등도
            사용하지 않습니다. 누리집은 서비스 제공에 꼭 필요한 다음 정보만 이용자의 브라우저에 저장하며, 저장하는 항목은 아래 표에 적은
            것이 전부입니다.
          </p>
          <p>
            <strong>쿠키(cookie)</strong>: 로그인한 회원이 회원 전용 게시글, 비밀글, 문의의 첨부파일과 이미지를 열어 볼 수 있도록 인증용
            쿠키 하나만 사용합니다. 이 쿠키는 화면의 스크립트가 읽을 수 없도록 설정되어 있고, 첨부파일 주소(/api/file)로만 전송되며, 다른
            누리집에서 보내는 요청에는 사용되지 않습니다.
          </p>
          <TermsTable
            caption="누리집이 사용하는 쿠키"
            columns={STORED_ITEM_COLUMNS}
            rows={[
              storedItem('nids_file', '첨부파일과 이미지를 열어 볼 권한이 있는 로그인 회원임을 확인하는 인증 정보', '로그인할 때와 인증 토큰을 갱신할 때 저장, 로그아웃할 때 또는 30분이 지나면 삭제'),
            ]}
          />
          <p>
            <strong>로컬 저장소(local storage)</strong>: 로그인 상태와 이용자가 고른 화면 설정을 유지하기 위하여 다음 정보를 저장합니다. 이
            정보는 이용자의 기기에 저장되며, 로그인이 필요한 기능을 이용할 때 인증 토큰이 누리집 서버로 전송됩니다.
          </p>
          <TermsTable
            caption="브라우저 로컬 저장소에 저장하는 정보"
            columns={STORED_ITEM_COLUMNS}
            rows={[
              storedItem('accessToken', '로그인한 회원임을 확인하는 인증 토큰', '로그인할 때 저장, 로그아웃할 때 삭제'),
              storedItem('refreshToken', '인증 토큰의 유효기간이 지났을 때 다시 로그인하지 않고 새 토큰을 발급받기 위한 갱신 토큰', '로그인할 때 저장, 로그아웃할 때 삭제'),
              storedItem('loginUser', '화면에 표시할 로그인 회원 정보(아이디, 성명 등)', '로그인할 때 저장, 로그아웃할 때 삭제'),
              storedItem('guest', '로그인하지 않은 이용자에게 적용되는 이용 권한의 코드(개인을 식별하지 않는 정보)', '로그인하지 않고 방문할 때 저장, 로그인하면 쓰이지 않음'),
              storedItem('rememberId', '로그인 화면에서 ‘아이디 저장’을 선택한 경우 그 아이디', '‘아이디 저장’을 선택하면 저장, 선택을 해제하면 삭제'),
              storedItem('adminActivity', '관리자 계정의 마지막 이용 시각과 자동 로그아웃까지의 시간(관리자에게만 저장)', '관리자가 누리집을 이용할 때 저장, 로그아웃할 때 삭제'),
              storedItem('nids.textSize', '이용자가 고른 글자 크기(보통, 크게, 아주 크게)', '글자 크기를 고를 때 저장, 사이트 데이터를 삭제할 때까지 유지'),
              storedItem('nids.popupHidden', '‘오늘 하루 보지 않기’를 누른 팝업 공지의 번호와 다시 보일 시각(개인을 식별하지 않는 정보)', '‘오늘 하루 보지 않기’를 누를 때 저장, 그날 자정(한국 시각)이 지나면 쓰이지 않고 다음 저장 때 삭제'),
              storedItem('boardDraft:user:*', '로그인한 회원이 작성 중인 게시글의 임시 저장본(회원별로 따로 저장)', '글을 쓰는 동안 저장, 글을 등록하거나 임시 저장본을 버릴 때 또는 로그아웃할 때 삭제'),
            ]}
          />
          <p>
            <strong>세션 저장소(session storage)</strong>: 다음 정보는 브라우저 창(탭)을 닫으면 삭제됩니다.
          </p>
          <TermsTable
            caption="브라우저 세션 저장소에 저장하는 정보"
            columns={STORED_ITEM_COLUMNS}
            rows={[
              storedItem('boardDraft:guest:*', '로그인하지 않은 이용자가 작성 중인 게시글의 임시 저장본', '글을 쓰는 동안 저장, 글을 등록하거나 브라우저 창을 닫으면 삭제'),
              storedItem('react-router-scroll-positions', '뒤로 가기로 돌아간 화면을 보던 위치에서 보여 주기 위한 화면별 스크롤 위치(개인을 식별하지 않는 정보)', '화면을 옮길 때 저장, 브라우저 창을 닫으면 삭제'),
              storedItem('chunkReloadAt', '누리집이 갱신된 직후 화면을 다시 불러온 시각(개인을 식별하지 않는 정보)', '화면을 다시 불러올 때 저장, 브라우저 창을 닫으면 삭제'),
            ]}
          />
          <p>
            <strong>저장을 거부하는 방법</strong>: 이용자는 각 브라우저의 설정 메뉴(개인정보 보호 또는 사이트 데이터 항목)에서 누리집의
            사이트 데이터를 삭제하거나 저장을 차단할 수 있습니다. 저장을 차단하면 로그인이 필요한 회원 전용 서비스를 이용할 수 없으나,
            공지사항·자료실 등 로그인 없이 제공하는 서비스는 이용할 수 있습니다.
          </p>
          <p>
            누리집에 게시된 외부 동영상(YouTube 등)을 재생하는 경우 해당 동영상 서비스 제공자가 자체 정책에 따라 쿠키 등을 설치할 수
            있으며, 이에는 해당 사업자의 개인정보 처리방침이 적용됩니다.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-officer',
      title: '제10조(개인정보 보호책임자 및 담당부서)',
      content: (
        <>
          <p>
            기관은 개인정보 처리에 관한 업무를 총괄해서 책임지고, 개인정보 처리와 관련한 정보주체의 불만 처리 및 피해 구제 등을 위하여
            아래와 같이 개인정보 보호책임자를 지정하고 있습니다.
          </p>
          <h3 className="terms__subheading">개인정보 보호책임자</h3>
          <ContactList
            label="개인정보 보호책임자"
            status={status}
            items={[
              { term: '성명', value: info?.privacyOfficer.name },
              { term: '직책', value: info?.privacyOfficer.position },
              { term: '전화', value: info?.privacyOfficer.phone, href: telHref(info?.privacyOfficer.phone) },
              { term: '이메일', value: info?.privacyOfficer.email, href: mailHref(info?.privacyOfficer.email) },
            ]}
          />
          <h3 className="terms__subheading">개인정보 보호 담당부서 및 열람청구 접수·처리 부서</h3>
          <ContactList
            label="개인정보 보호 담당부서"
            status={status}
            items={[
              { term: '기관', value: info?.operator },
              { term: '주소', value: info?.address },
              { term: '전화', value: info?.phone, href: telHref(info?.phone) },
              { term: '팩스', value: info?.fax },
              { term: '이메일', value: info?.email, href: mailHref(info?.email) },
              { term: '운영시간', value: info?.businessHours },
            ]}
          />
          <p>
            정보주체는 누리집을 이용하면서 발생한 모든 개인정보 보호 관련 문의, 불만 처리, 피해 구제 등에 관한 사항을 개인정보
            보호책임자 및 담당부서에 문의할 수 있으며, 기관은 이에 대하여 지체 없이 답변하고 처리합니다.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-remedies',
      title: '제11조(권익침해 구제 방법)',
      content: (
        <>
          <p>
            정보주체는 개인정보 침해로 인한 구제를 받기 위하여 개인정보분쟁조정위원회, 한국인터넷진흥원 개인정보침해신고센터 등에 분쟁
            해결이나 상담 등을 신청할 수 있습니다. 이 밖에 개인정보 침해의 신고나 상담은 아래 기관에 문의하시기 바랍니다.
          </p>
          <TermsTable
            caption="개인정보 침해 상담·신고 기관"
            columns={['기관', '전화(국번 없이)', '누리집']}
            rows={[
              { key: 'kopico', cells: ['개인정보분쟁조정위원회', <a key="tel" href="tel:18336972">1833-6972</a>, <a key="web" href="https://www.kopico.go.kr">www.kopico.go.kr</a>] },
              { key: 'kisa', cells: ['개인정보침해신고센터(한국인터넷진흥원)', <a key="tel" href="tel:118">118</a>, <a key="web" href="https://privacy.kisa.or.kr">privacy.kisa.or.kr</a>] },
              { key: 'spo', cells: ['대검찰청', <a key="tel" href="tel:1301">1301</a>, <a key="web" href="https://www.spo.go.kr">www.spo.go.kr</a>] },
              { key: 'police', cells: ['경찰청', <a key="tel" href="tel:182">182</a>, <a key="web" href="https://ecrm.police.go.kr">ecrm.police.go.kr</a>] },
            ]}
          />
          <p>
            「개인정보 보호법」 제35조(개인정보의 열람), 제36조(개인정보의 정정·삭제), 제37조(개인정보의 처리정지 등)에 따른 요구에 대하여
            공공기관의 장이 한 처분 또는 부작위로 권리 또는 이익을 침해받은 사람은 「행정심판법」에서 정하는 바에 따라 행정심판을 청구할 수
            있습니다. 행정심판에 관한 자세한 사항은 중앙행정심판위원회 누리집(<a href="https://www.simpan.go.kr">www.simpan.go.kr</a>)을
            참고하시기 바랍니다.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-changes',
      title: '제12조(개인정보 처리방침의 변경)',
      content: (
        <ol className="terms-clauses">
          <li>
            이 개인정보 처리방침은 <strong>{TERMS_EFFECTIVE_DATE}</strong>부터 적용됩니다.
          </li>
          <li>
            기관은 이 처리방침을 변경하는 경우 시행 7일 전부터 누리집 공지사항을 통하여 알립니다. 다만 수집하는 개인정보 항목이나 이용
            목적의 변경 등 정보주체의 권리에 중요한 변경이 있는 경우에는 시행 30일 전부터 알립니다.
          </li>
          <li>변경 전의 개인정보 처리방침은 제10조의 개인정보 보호 담당부서에 요청하여 확인할 수 있습니다.</li>
        </ol>
      ),
    },
  ];
}
