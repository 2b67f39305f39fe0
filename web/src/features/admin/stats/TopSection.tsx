import { useId, useMemo } from 'react';
import { statsTopKindLabels, type StatsTopKind, type VisitTop } from '@contract';
import { LoadingStatus } from '@web/ui/LoadingStatus';
import { useVisitTop, type StatsPeriod } from './api';
import { changeOf } from './period';
import { StatsChart, type ChartSeries } from './StatsChart';

const n = (value: number) => value.toLocaleString('ko-KR');
const withVisitors = (kind: StatsTopKind) => kind === 'device' || kind === 'browser';
const nameOf = (item: VisitTop['items'][number]) => item.label ?? item.value;
const emptyWords: Record<StatsTopKind, string> = {
  screen: '이 기간에 집계된 화면이 없습니다.',
  post: '이 기간에 읽힌 게시글이 없습니다.',
  referrer: '이 기간에 다른 사이트에서 들어온 방문이 없습니다.',
  device: '이 기간에 집계된 기기가 없습니다.',
  browser: '이 기간에 집계된 브라우저가 없습니다.',
};

function TopChartAndTable({ data }: { data: VisitTop }) {
  const captionId = useId();
  const title = statsTopKindLabels[data.kind];
  const labels = useMemo(() => data.items.map(nameOf), [data]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: '페이지뷰', data: data.items.map((i) => i.views), color: '--color-primary' },
      { label: '이전 기간 페이지뷰', data: data.items.map((i) => i.previousViews), color: '--color-primary', previous: true },
    ],
    [data],
  );
  const visitors = withVisitors(data.kind);
  return (
    <>
      <StatsChart kind="bar" labels={labels} series={series} description={`${title} 막대그래프, 이전 기간과 비교. 수치는 아래 표에 있습니다.`} />
      <div className="admin-table-wrap stats-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="admin-table admin-table--stack">
          <caption id={captionId}>
            {title} ({data.from}~{data.to}, 이전 기간 {data.previous.from}~{data.previous.to})
          </caption>
          <thead>
            <tr>
              <th scope="col">항목</th>
              <th scope="col">페이지뷰</th>
              <th scope="col">이전 기간</th>
              <th scope="col">증감</th>
              {visitors && <th scope="col">방문자</th>}
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.value}>
                <th scope="row">{nameOf(item)}</th>
                <td data-label="페이지뷰">{n(item.views)}</td>
                <td data-label="이전 기간">{n(item.previousViews)}</td>
                <td data-label="증감">{changeOf(item.views, item.previousViews)}</td>
                {visitors && <td data-label="방문자">{n(item.visitors)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One top list of the period (screens, posts, referring sites, devices, browsers), against the period before. */
export function TopSection({ period, kind }: { period: StatsPeriod; kind: StatsTopKind }) {
  const query = useVisitTop(period, kind);
  const headingId = `stats-top-${kind}`;
  return (
    <section className="stats-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{statsTopKindLabels[kind]}</h2>
      {query.isPending && <LoadingStatus />}
      {query.isError && (
        <p role="alert" className="form-message form-message--error">
          {query.error.message}
        </p>
      )}
      {query.data && (query.data.items.length === 0 ? <p className="stats-note">{emptyWords[kind]}</p> : <TopChartAndTable data={query.data} />)}
    </section>
  );
}
