import { useState } from 'react';
import { applyTextSize, readTextSize, saveTextSize, textSizes, type TextSize } from './text-size';

// Applied when the layout's module loads, before the first render, so a reader who chose a larger
// size never sees the page jump from the normal one.
if (typeof document !== 'undefined') applyTextSize(readTextSize());

/** 글자 크기: three toggle buttons (aria-pressed) in the header's utility bar. */
export function TextSizeControl() {
  const [current, setCurrent] = useState<TextSize>(readTextSize);
  return (
    <div className="text-size" role="group" aria-labelledby="text-size-label">
      <span id="text-size-label" className="text-size__label">
        글자 크기
      </span>
      {textSizes.map((size) => (
        <button
          key={size.value}
          type="button"
          className="text-size__button"
          aria-pressed={current === size.value}
          onClick={() => {
            saveTextSize(size.value);
            setCurrent(size.value);
          }}
        >
          {size.label}
        </button>
      ))}
    </div>
  );
}
