import { Link } from 'react-router';
import { paths } from '@contract';
import './breadcrumb.css';

export interface BreadcrumbItem {
  label: string;
  /** Where the step leads; a step without one (a menu group with no screen of its own) is plain text. */
  to?: string;
}

/**
 * KRDS breadcrumb (현재 위치): 홈, then the given steps, the last one being the current screen
 * (aria-current="page", not a link). An ordered list inside a labelled nav, so a screen reader
 * says how deep the screen is; every link is a 44 x 44 px target.
 */
export function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  const steps: readonly BreadcrumbItem[] = [{ label: '홈', to: paths.home }, ...items];
  return (
    <nav className="breadcrumb" aria-label="현재 위치">
      <ol className="breadcrumb__list">
        {steps.map((step, index) => {
          const current = index === steps.length - 1;
          return (
            <li key={`${index}-${step.label}`} className="breadcrumb__item">
              {current ? (
                <span className="breadcrumb__current" aria-current="page">
                  {step.label}
                </span>
              ) : step.to ? (
                <Link className={`breadcrumb__link${index === 0 ? ' breadcrumb__link--home' : ''}`} to={step.to}>
                  {index === 0 && <HomeIcon />}
                  {step.label}
                </Link>
              ) : (
                <span className="breadcrumb__text">{step.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function HomeIcon() {
  return (
    <svg className="breadcrumb__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5" />
    </svg>
  );
}
