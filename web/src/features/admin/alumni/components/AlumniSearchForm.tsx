import type { FormEvent } from 'react';

/**
 * The keyword box, read when it is sent, as the other search boxes are (nothing to check: the
 * input holds at most the 100 characters the contract takes). Keyed by the URL's keyword by its
 * parent, so going back shows that search's words.
 */
export function AlumniSearchForm({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('keyword') ?? '').trim());
  }
  return (
    <form className="alumni__search" role="search" aria-label="주소록 검색" onSubmit={submit}>
      <label htmlFor="alumni-keyword" className="alumni__label">
        검색어
      </label>
      <input
        id="alumni-keyword"
        className="form-input"
        type="search"
        name="keyword"
        defaultValue={keyword}
        maxLength={100}
        placeholder="이름, 소속, 부서, 이메일, 연락처"
      />
      <button type="submit" className="button">
        검색
      </button>
    </form>
  );
}
