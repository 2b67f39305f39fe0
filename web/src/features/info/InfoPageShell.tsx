import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@contract';
import { Breadcrumb } from '../../ui/Breadcrumb';
import './info.css';
// The content column and its status lines (.info-content, .info-muted) are the bodies' styles.
import '../../ui/content/info-body.css';

/**
 * The frame of the information screens: the page header with its breadcrumb and the 기관소개
 * sub-navigation; the body inside is drawn by ui/content's renderers.
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
