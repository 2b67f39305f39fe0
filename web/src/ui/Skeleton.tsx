import './skeleton.css';

interface Props {
  /** How many grey lines stand in for the content (a list's rows, a post's paragraphs). */
  lines?: number;
  /** What is loading, read by screen readers instead of the grey shapes. */
  label?: string;
  /** Rows of a list (title and date) or a block of text. */
  shape?: 'list' | 'text';
}

/**
 * A loading skeleton (KRDS 스켈레톤): grey shapes where the content will appear, so the layout does
 * not jump when it arrives. The shapes are hidden from screen readers, which hear one status line.
 * Motion stops for readers who ask for reduced motion.
 */
export function Skeleton({ lines = 5, label = '불러오는 중입니다…', shape = 'list' }: Props) {
  return (
    <div className={`skeleton skeleton--${shape}`}>
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <div className="skeleton__row" key={index}>
            <span className="skeleton__bar skeleton__bar--main" />
            {shape === 'list' && <span className="skeleton__bar skeleton__bar--side" />}
          </div>
        ))}
      </div>
    </div>
  );
}
