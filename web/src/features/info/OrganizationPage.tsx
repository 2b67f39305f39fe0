import { OrganizationBodyView } from '../../ui/content/OrganizationBodyView';
import { InfoContentPage } from './InfoContent';

/** 조직도: the chart (nested lists drawn with CSS), the duties of each unit and the committees (content page `organization`). */
export function Component() {
  return (
    <InfoContentPage code="organization" screen="nidsOrganization" section="about">
      {(content) => (content.body.type === 'organization' ? <OrganizationBodyView body={content.body} idPrefix="org" /> : null)}
    </InfoContentPage>
  );
}
