import { useId, type FormEvent } from 'react';
import { searchTypes, type SearchType } from '@contract';
import { KEYWORD_MAX_LENGTH, searchTypeLabels } from '../list-params';

interface Props {
  boardName: string;
  searchType: SearchType;
  keyword: string;
  onSearch: (search: { searchType: SearchType; keyword: string }) => void;
}

/**
 * 검색 구분 + 검색어. The fields start from the URL; the list page remounts this form (key) when
 * the URL's search changes, so back/forward show the search that is on screen.
 */
export function SearchForm({ boardName, searchType, keyword, onSearch }: Props) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const type = String(data.get('searchType') ?? '');
    onSearch({
      searchType: (searchTypes as readonly string[]).includes(type) ? (type as SearchType) : searchType,
      keyword: String(data.get('keyword') ?? '').trim(),
    });
  }
  return (
    <form className="board-search" role="search" aria-label={`${boardName} 검색`} onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${id}-type`}>
        검색 구분
      </label>
      <select id={`${id}-type`} name="searchType" className="board-search__type" defaultValue={searchType}>
        {searchTypes.map((type) => (
          <option key={type} value={type}>
            {searchTypeLabels[type]}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-keyword`}>
        검색어
      </label>
      <input
        id={`${id}-keyword`}
        name="keyword"
        type="search"
        className="board-search__keyword"
        defaultValue={keyword}
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder="검색어를 입력해주세요"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary board-search__submit">
        검색
      </button>
    </form>
  );
}
