import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SiteAuthentication } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { uiMessages } from '../messages';

/**
 * The frame of every account screen: a Korean title, the one h1, and a narrow column. The <title>
 * is the h1's unless the screen names a part of itself too (My page's open tab).
 */
export function AccountPage({
  title,
  documentTitle = title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  documentTitle?: string;
  lead?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <div className="container page account-page">
      <div className={`account-page__inner${wide ? ' account-page__inner--wide' : ''}`}>
        <h1 className="page__title account-page__title">{title}</h1>
        {lead && <p className="account-page__lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

/**
 * Waits for the site's authentication settings (key type, captcha, extra fields). A failed load
 * raises no alert (spec §8: site-setting failures are silent): the screen says it and offers a retry.
 */
export function WithAuthentication({
  query,
  children,
}: {
  query: UseQueryResult<SiteAuthentication>;
  children: (settings: SiteAuthentication) => ReactNode;
}) {
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="form-message form-message--error account-retry">
        <p>{uiMessages.settingsFailed}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          다시 시도
        </button>
      </div>
    );
  }
  return <LoadingStatus />;
}
