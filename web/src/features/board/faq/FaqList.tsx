import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Board, BoardItemSummary } from '@contract';
import { paths } from '@contract';
import type { BoardListLinkState } from '../board-route';
import { groupFaq } from './faq-groups';
import './faq.css';

interface Props {
  board: Board;
  /** Questions staff pinned (empty while searching, as on every board). */
  pinned: BoardItemSummary[];
  questions: BoardItemSummary[];
  linkState: BoardListLinkState;
}

/** The heading of the questions filed under no category of the board. */
export const UNCATEGORISED = '기타';

/**
 * An FAQ board's list (issue 22): its questions under their categories, each an accordion item
 * (WAI-ARIA APG accordion): a button in a heading says whether its answer is shown
 * (`aria-expanded`) and which region it opens (`aria-controls`), the answer is a region named by
 * its question. All start closed. A native button opens and closes with Enter and Space and shows
 * the site's focus ring, so no key handling of our own is needed.
 *
 * The answers come in the list's own answer: every board's list already carries each post's
 * sanitised content (contract boardItemSummary.content), and an FAQ board is small (its page holds
 * every question), so opening a question costs no request and the first load's answer
 * (server/modules/seo/first-data.ts, the same query as every list) already holds them all.
 * Fetching each answer on opening would add a round trip per question for a few kilobytes.
 */
export function FaqList({ board, pinned, questions, linkState }: Props) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const groups = groupFaq(board.categories, pinned, questions);
  // With categories their names are the h2s and the questions h3s (the page's h1 is the board's
  // name); a board without categories lists its questions as the h2s.
  const titled = board.categories.length > 0;
  const toggle = (itemNo: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(itemNo)) next.add(itemNo);
      return next;
    });

  return (
    <div className="faq">
      {groups.map((group) => (
        <div key={group.category ?? ''} className="faq__group">
          {titled && <h2 className="faq__category">{group.category ?? UNCATEGORISED}</h2>}
          <div className="faq__items">
            {group.questions.map((question) => (
              <FaqItem
                key={question.itemNo}
                board={board}
                question={question}
                level={titled ? 3 : 2}
                open={open.has(question.itemNo)}
                onToggle={() => toggle(question.itemNo)}
                linkState={linkState}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function FaqItem({
  board,
  question,
  level,
  open,
  onToggle,
  linkState,
}: {
  board: Board;
  question: BoardItemSummary;
  level: 2 | 3;
  open: boolean;
  onToggle: () => void;
  linkState: BoardListLinkState;
}) {
  const id = useId();
  const buttonId = `${id}-question`;
  const answerId = `${id}-answer`;
  const Heading = level === 2 ? 'h2' : 'h3';
  const files = question.files.length;
  return (
    <div className={`faq__item${open ? ' faq__item--open' : ''}`}>
      <Heading className="faq__question">
        <button type="button" id={buttonId} className="faq__button" aria-expanded={open} aria-controls={answerId} onClick={onToggle}>
          <span className="faq__mark" aria-hidden="true">
            Q
          </span>
          <span className="faq__title">{question.title}</span>
          <span className="faq__chevron" aria-hidden="true" />
        </button>
      </Heading>
      {/* Kept in the page while closed, so aria-controls always names an element; `hidden` keeps it from everyone. */}
      <div id={answerId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!open}>
        {/* Sanitising is the server's job: the contract says `content` is sanitised HTML, so it is rendered as sent. */}
        <div className="board-content faq__content" dangerouslySetInnerHTML={{ __html: question.content }} />
        <p className="faq__more">
          <Link className="faq__more-link" to={paths.boardView(board.area, board.boardCode, question.itemNo)} state={linkState}>
            이 질문 따로 보기{files > 0 && ` (첨부파일 ${files}개)`}
          </Link>
        </p>
      </div>
    </div>
  );
}
