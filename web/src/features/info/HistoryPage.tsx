import { HistoryBodyView } from '../../ui/content/HistoryBodyView';
import { InfoContentPage } from './InfoContent';

/** 연혁: the programme's history, grouped by period and year, newest first (content page `history`). */
export function Component() {
  return (
    <InfoContentPage code="history" screen="nidsHistory" section="about">
      {(content) => (content.body.type === 'history' ? <HistoryBodyView body={content.body} idPrefix="history" /> : null)}
    </InfoContentPage>
  );
}
