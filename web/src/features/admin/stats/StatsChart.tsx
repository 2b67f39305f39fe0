import { useEffect, useRef } from 'react';
import {
  BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';

// Only what these charts draw: Chart.js is tree-shaken into this screen's chunk alone.
Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

export interface ChartSeries {
  label: string;
  data: readonly number[];
  /** A design token (`--color-primary`), read from the page so the chart follows tokens.css. */
  color: string;
  /** The period before: drawn dashed (lines) or pale (bars), as a reader compares at a glance. */
  previous?: boolean;
}

interface StatsChartProps {
  kind: 'line' | 'bar';
  /** What the chart shows, for screen readers; the table under it holds the figures. */
  description: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
}

/**
 * A chart of the console's visitor statistics (issue 23), drawn on a canvas by Chart.js. The canvas
 * is an image with a description; the same figures are in the table under each chart, which is
 * what assistive technology and keyboard users read.
 */
export function StatsChart({ kind, description, labels, series }: StatsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    // No 2D context (a browser without canvas, a test's DOM): the table under the chart has it all.
    if (!canvas.current?.getContext('2d')) return;
    const css = getComputedStyle(document.documentElement);
    const token = (name: string) => css.getPropertyValue(name).trim() || 'gray';
    const text = token('--color-text-muted');
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({
          label: s.label,
          data: [...s.data],
          borderColor: token(s.color),
          backgroundColor: s.previous ? token('--color-border') : token(s.color),
          borderDash: s.previous && kind === 'line' ? [6, 4] : [],
          borderWidth: 2,
          pointRadius: kind === 'line' && labels.length <= 62 ? 2 : 0,
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        indexAxis: kind === 'bar' ? 'y' : 'x',
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom', labels: { color: text, font: { size: 16 } } } },
        scales: {
          x: { ticks: { color: text, font: { size: 16 } }, beginAtZero: true },
          y: { ticks: { color: text, font: { size: 16 } }, beginAtZero: true },
        },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, series]);
  return (
    <div className={kind === 'bar' ? 'stats-chart stats-chart--bar' : 'stats-chart'}>
      <canvas ref={canvas} role="img" aria-label={description} />
    </div>
  );
}
