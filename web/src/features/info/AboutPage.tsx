import { RichInfoBody } from '../../ui/content/RichInfoBody';
import { InfoContentPage } from './InfoContent';

/** 등록사업 안내: how registration works, what is recorded, who does what and how data is protected (content page `about`). */
export function Component() {
  return (
    <InfoContentPage code="about" screen="nidsAbout" section="about">
      {(content) => (content.body.type === 'html' ? <RichInfoBody html={content.body.html} idPrefix="about" /> : null)}
    </InfoContentPage>
  );
}
