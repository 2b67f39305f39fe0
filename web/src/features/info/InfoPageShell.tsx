import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@contract';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { useSiteInfo } from '../../lib/site-info';
import { telHref } from '../../lib/content/site-facts';
import './info.css';

/**
 * Shared pieces of the information screens: the page header with its breadcrumb, the
 * 기관소개 sub-navigation and the settings-driven contact block.
 *
 * Features never import the app shell (docs/decisions/0003), so the sub-navigation cannot read
 * `app/menu.ts`; it builds its links from the shared `paths` and keeps the menu's labels and order.
 */

interface SectionLink {
  label: string;
  to: string;
}

/** The four 기관소개 screens, in the order of the main menu. */
export const aboutSectionLinks: readonly SectionLink[] = [
  { label: '사업 소개', to: paths.nidsIntro },
  { label: '등록사업 안내', to: paths.nidsAbout },
  { label: '조직도', to: paths.nidsOrganization },
  { label: '연혁', to: paths.nidsHistory },
];

const sections = {
  about: { label: '기관소개', links: aboutSectionLinks },
  system: { label: '환자등록시스템', links: [{ label: '환자등록시스템 안내', to: paths.registSite }] },
} as const satisfies Record<string, { label: string; links: readonly SectionLink[] }>;

export type InfoSection = keyof typeof sections;

interface InfoPageShellProps {
  section: InfoSection;
  /** The page title: the single <h1> of the screen. */
  title: string;
  /** A short summary shown under the title. */
  lead?: ReactNode;
  children: ReactNode;
}

export function InfoPageShell({ section, title, lead, children }: InfoPageShellProps) {
  const group = sections[section];
  // Only 기관소개 has several screens to move between; the system guide is a single page.
  const withSubNav = group.links.length > 1;
  return (
    <div className="info-page">
      <div className="info-hero">
        <div className="container">
          {/* The menu group has no screen of its own, so it is a step without a link. */}
          <Breadcrumb items={[{ label: group.label }, { label: title }]} />
          <h1 className="info-hero__title">{title}</h1>
          {lead && <p className="info-hero__lead">{lead}</p>}
        </div>
      </div>
      <div className={`container info-layout${withSubNav ? '' : ' info-layout--single'}`}>
        {withSubNav && (
          <nav className="info-subnav" aria-label={`${group.label} 메뉴`}>
            <p className="info-subnav__title" aria-hidden="true">
              {group.label}
            </p>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="info-subnav__link" end>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="info-content">{children}</div>
      </div>
    </div>
  );
}

interface ContactListProps {
  /** Show the postal address and fax too (the organisation page), not only phone, e-mail and hours. */
  full?: boolean;
}

/** What to say where settings-driven facts would be, while they load or if they could not be loaded. */
export function SiteInfoFallback({ isError }: { isError: boolean }) {
  return isError ? (
    <p className="info-muted">
      연락처 정보를 불러오지 못했습니다. 잠시 후 다시 확인하시거나 <Link to={paths.boardWrite('Nids', 'contactus')}>문의하기</Link>를
      이용해 주십시오.
    </p>
  ) : (
    <p className="info-muted">연락처 정보를 불러오고 있습니다.</p>
  );
}

/** Contact facts from the site settings (never hard-coded). */
export function ContactList({ full = false }: ContactListProps) {
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
