import { useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * KRDS official banner (공식 배너, "masthead"): the first thing after the skip link, telling
 * visitors this is a government site and, on request, how to check that for themselves.
 * The disclosure is a real button with aria-expanded/aria-controls (KRDS 공식 배너 pattern).
 */
export function OfficialBanner() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Esc inside the open panel closes it and hands the focus back to the button that opened it.
  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <section className="official-banner" aria-label="공식 누리집 안내" onKeyDown={closeOnEscape}>
      <div className="container official-banner__head">
        <p className="official-banner__text">
          <svg className="official-banner__flag" viewBox="0 0 24 16" aria-hidden="true" focusable="false">
            <rect width="24" height="16" fill="#fff" stroke="#9aa4b2" strokeWidth="0.5" />
            <circle cx="12" cy="8" r="4" fill="#cd2e3a" />
            <path d="M8 8a4 4 0 0 0 8 0 2 2 0 0 0-4 0 2 2 0 0 1-4 0z" fill="#0047a0" />
          </svg>
          이 누리집은 대한민국 공식 전자정부 누리집입니다
        </p>
        <button
          ref={buttonRef}
          type="button"
          className="official-banner__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          공식 누리집 확인 방법
          <span className="official-banner__chevron" aria-hidden="true" />
        </button>
      </div>
      <div id={panelId} className="official-banner__panel" hidden={!open}>
        <div className="container official-banner__items">
          <div className="official-banner__item">
            <p className="official-banner__title">누리집 주소를 확인하세요</p>
            <p>
              정부 기관의 공식 누리집 주소는 대부분 <strong>.go.kr</strong>로 끝납니다. 비슷한 이름이나 주소를 쓰는 가짜
              누리집에 주의하세요.
            </p>
          </div>
          <div className="official-banner__item">
            <p className="official-banner__title">보안 연결(HTTPS)을 확인하세요</p>
            <p>
              주소가 <strong>https://</strong>로 시작하고 주소창에 <strong>자물쇠</strong> 표시가 있으면 정보가 암호화되어
              안전하게 오갑니다. 개인정보는 이런 누리집에만 입력하세요.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
