import { RichInfoBody } from '../../ui/content/RichInfoBody';
import { InfoContentPage } from './InfoContent';

/**
 * 환자등록시스템 안내: who uses the registration system, how to get an account, how to register, FAQ
 * and help desk (content page `registSite`; the access box with the system's address is the
 * `{{registSite.access}}` fact, from the settings).
 */
export function Component() {
  return (
    <InfoContentPage code="registSite" screen="registSite" section="system">
      {(content) => (content.body.type === 'html' ? <RichInfoBody html={content.body.html} idPrefix="regist" /> : null)}
    </InfoContentPage>
  );
}
