import { Link } from 'react-router';
import { paths } from '@contract';
import { useSiteInfo } from '@web/lib/site-info';
import { telHref } from '@web/lib/content/site-facts';
import './info-body.css';

/** What to say where settings-driven facts would be, while they load or if they could not be loaded. */
function SiteInfoFallback({ isError }: { isError: boolean }) {
  return isError ? (
    <p className="info-muted">
      연락처 정보를 불러오지 못했습니다. 잠시 후 다시 확인하시거나 <Link to={paths.boardWrite('Nids', 'contactus')}>문의하기</Link>를
      이용해 주십시오.
    </p>
  ) : (
    <p className="info-muted">연락처 정보를 불러오고 있습니다.</p>
  );
}

/** Contact facts from the site settings (never hard-coded); `full` adds the fax and the postal address. */
export function ContactList({ full = false }: { full?: boolean }) {
  const { data: site, isError } = useSiteInfo();
  if (!site) return <SiteInfoFallback isError={isError} />;
  return (
    <dl className="info-contact">
      <div>
        <dt>운영기관</dt>
        <dd>{site.operator}</dd>
      </div>
      <div>
        <dt>대표전화</dt>
        <dd>
          <a href={telHref(site.phone)}>{site.phone}</a>
        </dd>
      </div>
      {full && (
        <div>
          <dt>팩스</dt>
          <dd>{site.fax}</dd>
        </div>
      )}
      <div>
        <dt>이메일</dt>
        <dd>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </dd>
      </div>
      <div>
        <dt>운영시간</dt>
        <dd>{site.businessHours}</dd>
      </div>
      {full && (
        <div>
          <dt>주소</dt>
          <dd>{site.address}</dd>
        </div>
      )}
    </dl>
  );
}
