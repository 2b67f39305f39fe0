import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFound } from './NotFound';

const robots = () => document.head.querySelectorAll<HTMLMetaElement>('meta[name="robots"]');

afterEach(() => {
  for (const meta of robots()) meta.remove();
});

function showNotFound() {
  return render(
    <MemoryRouter>
      <NotFound />
    </MemoryRouter>,
  );
}

describe('the not-found screen (issue 23)', () => {
  it('carries noindex and the Korean title while it shows, and takes noindex away when it goes', () => {
    const shown = showNotFound();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('페이지를 찾을 수 없습니다');
    expect(document.title).toBe('페이지를 찾을 수 없습니다 | 인체이식형 의료기기 환자등록사업');
    expect([...robots()].map((meta) => meta.content)).toEqual(['noindex']);
    shown.unmount();
    expect(robots()).toHaveLength(0);
  });

  it('takes over the tag a 404 page came with rather than adding a second, and removes it after', () => {
    // As the server writes it into a 404's HTML (server/modules/seo/page-head.ts).
    document.head.insertAdjacentHTML('beforeend', '<meta name="robots" content="noindex" />');
    const shown = showNotFound();
    expect(robots()).toHaveLength(1);
    shown.unmount();
    expect(robots()).toHaveLength(0);
  });
});
