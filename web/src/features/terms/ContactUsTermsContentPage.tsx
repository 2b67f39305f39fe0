import { Link } from 'react-router';
import { paths } from '@contract';
import { InlineContacts, TermsDocument, TermsTable, useTermsSite, type TermsArticle, type TermsSite } from './TermsDocument';

/**
 * 문의하기 개인정보 수집·이용 동의 (spec §2, /TOS/Content/ContactUs/TermsContent): the consent
 * text behind the inquiry form's checkbox, with purpose, items, retention and the right to refuse
 * (「개인정보 보호법」 제15조 제2항).
 */
export function Component() {
  const site = useTermsSite();
  return (
    <TermsDocument
      title="문의하기 개인정보 수집·이용 동의"
      idPrefix="contact-terms"
      siteName={site.siteName}
      intro={
        <>
          <p>
            {site.operator}(이하 ‘기관’이라 <span className="terms__nowrap">합니다){site.operatorTopic}</span> 문의하기 서비스를 제공하기 위하여 「개인정보 보호법」 제15조에 따라
            아래와 같이 개인정보를 수집·이용합니다. 내용을 읽어 보신 후 동의 여부를 결정하여 주십시오.
          </p>
          <TermsTable
            caption="문의하기 개인정보 수집·이용 내역"
            columns={['수집·이용 목적', '수집 항목(필수)', '보유 및 이용 기간']}
            rows={[
              {
                key: 'contact',
                cells: ['문의 접수 및 답변', '성명, 이메일, 연락처, 문의내용', <strong key="period">문의 접수일부터 3년</strong>],
              },
            ]}
          />
        </>
      }
      body={{ kind: 'articles', articles: contactUsArticles(site) }}
    />
  );
}

function contactUsArticles(site: TermsSite): TermsArticle[] {
  const { info } = site;
  return [
    {
      id: 'contact-terms-purpose',
      title: '1. 수집·이용 목적',
      content: (
        <p>
          기관은 <strong>문의 접수 및 답변</strong>을 위하여 개인정보를 수집·이용합니다. 구체적으로는 문의 내용의 접수, 문의 내용 확인을
          위한 연락, 답변 및 처리 결과의 통지에 이용하며, 이 밖의 목적으로는 이용하지 않습니다.
        </p>
      ),
    },
    {
      id: 'contact-terms-items',
      title: '2. 수집 항목',
      content: (
        <>
          <p>
            <strong>필수 항목: 성명, 이메일, 연락처, 문의내용</strong>
          </p>
          <p>문의를 접수하는 과정에서 접속 IP 주소, 접속 일시 등 서비스 이용 기록이 자동으로 생성되어 수집될 수 있습니다.</p>
        </>
      ),
    },
    {
      id: 'contact-terms-retention',
      title: '3. 보유 및 이용 기간',
      content: (
        <p>
          수집한 개인정보는 <strong>문의 접수일부터 3년간</strong> 보유·이용한 후 지체 없이 파기합니다. 다만 관계 법령에 따라 보존할
          필요가 있는 경우에는 해당 법령에서 정한 기간 동안 보존합니다.
        </p>
      ),
    },
    {
      id: 'contact-terms-refusal',
      title: '4. 동의를 거부할 권리 및 동의 거부에 따른 불이익',
      content: (
        <p>
          이용자는 개인정보 수집·이용에 대한 동의를 거부할 권리가 있습니다. 다만 위 필수 항목의 수집·이용에 동의하지 않으면{' '}
          <strong>문의하기를 이용할 수 없습니다</strong>. 이 경우 기관의 대표 연락처
          <InlineContacts phone={info?.phone} email={info?.email} />
          로 문의하실 수 있습니다.
        </p>
      ),
    },
    {
      id: 'contact-terms-notes',
      title: '5. 유의 사항',
      content: (
        <ul>
          <li>
            문의내용에 주민등록번호, 환자의 진료·건강 정보 등 민감한 개인정보를 적지 마십시오. 답변에 필요하지 않은 개인정보는 적지 않는
            것이 안전합니다.
          </li>
          <li>문의에 대한 답변은 입력하신 이메일 또는 연락처로 안내합니다.</li>
          <li>
            개인정보의 파기, 처리 위탁, 정보주체의 권리와 그 행사 방법 등 자세한 내용은 기관의{' '}
            <Link to={paths.privacy}>개인정보처리방침</Link>에서 확인하실 수 있습니다.
          </li>
        </ul>
      ),
    },
  ];
}
