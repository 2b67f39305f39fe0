import { RichInfoBody } from '../../ui/content/RichInfoBody';
import { InfoContentPage } from './InfoContent';

/** 사업 소개: what the registry programme is, why it exists and whom it serves (content page `intro`). */
export function Component() {
  return (
    <InfoContentPage code="intro" screen="nidsIntro" section="about">
      {(content) => (content.body.type === 'html' ? <RichInfoBody html={content.body.html} idPrefix="intro" /> : null)}
    </InfoContentPage>
  );
}
