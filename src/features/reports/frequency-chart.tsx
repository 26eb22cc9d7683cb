/**
 * A bar chart of frequencies (0-100 %) with the threshold drawn across it, or of counts (`counts`: from 0 to the
 * largest, the period report's breakdowns), drawn by uPlot (about 22 KB gzip), which is imported here on demand: it downloads with /relatorios' chart and enters no other screen's load. The canvas is
 * one image for assistive technology, named by `label`; the same figures are in the page's tables. The bars lie across
 * (issue 56): each name is beside its bar, whole, on as many lines as it needs (chart-label.ts), where upright bars
 * had room only for names cut short.
 */
import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import type uPlot from 'uplot';
import { wrapLabel } from './chart-label.ts';

export type ChartBar = { label: string; value: number };

const BAR = '#1c5cae'; // quadra.6
const THRESHOLD = '#c92a2a'; // red.9
const FONT_SIZE = 13;
// eslint-disable-next-line lingui/no-unlocalized-strings -- a canvas font, not words
const FONT = `${FONT_SIZE}px system-ui, sans-serif`;
const LINE = FONT_SIZE * 1.5; // uPlot's lineGap
/** The percent axis under the bars, and the room a bar's row takes beyond its name's lines. */
const PERCENT_AXIS = 40;
const ROW_PADDING = 14;
const MIN_HEIGHT = 160;

/** The width of the widest line, in the axis's font (an estimate where the browser has no canvas to measure with). */
function widestLine(lines: string[]): number {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
  if (!context) return Math.max(...lines.map((line) => line.length)) * FONT_SIZE * 0.6;
  context.font = FONT;
  return Math.max(...lines.map((line) => context.measureText(line).width));
}

/** The chart's height: the bars share it evenly, so every row is as tall as the longest name's lines; and the percent axis. */
const heightOf = (names: string[][]) =>
  Math.max(MIN_HEIGHT, names.length * (Math.max(...names.map((lines) => lines.length), 1) * LINE + ROW_PADDING) + PERCENT_AXIS);

export function chartHeight(bars: ChartBar[]): number {
  return heightOf(bars.map((bar) => wrapLabel(bar.label)));
}

export function FrequencyChart({
  bars,
  label,
  minPercent,
  counts = false,
}: {
  bars: ChartBar[];
  label: string;
  minPercent?: number | undefined;
  counts?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || bars.length === 0) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const xs = bars.map((_, i) => i);
        const names = bars.map((bar) => wrapLabel(bar.label));
        const height = heightOf(names);
        const width = () => Math.max(element.clientWidth, 200);
        // The names' column: as wide as the widest line, at most half the chart (a longer single word runs past it).
        // The axis's size holds its ticks (10 px) and the gap (6 px) besides the names.
        const nameWidth = () => Math.min(Math.ceil(widestLine(names.flat())) + 28, Math.round(width() / 2));
        const options: uPlot.Options = {
          width: width(),
          height,
          legend: { show: false },
          cursor: { show: false },
          // The bars across: the classes (x) run down the chart, the first at the top; the percent (y) runs along it.
          scales: {
            x: { time: false, ori: 1, dir: -1, range: [-0.5, bars.length - 0.5] },
            y: { ori: 0, range: counts ? [0, Math.max(1, ...bars.map((bar) => bar.value))] : [0, 100] },
          },
          axes: [
            {
              side: 3,
              splits: () => xs,
              values: (_u, splits) => splits.map((i) => (names[i] ?? ['']).join('\n')),
              font: FONT,
              gap: 6,
              grid: { show: false },
              size: () => nameWidth(),
            },
            {
              side: 2,
              // counts are whole children: no tick between two whole numbers
              values: (_u, splits) => splits.map((v) => (counts ? (Number.isInteger(v) ? String(v) : '') : `${v}%`)),
              font: FONT,
              size: PERCENT_AXIS,
            },
          ],
          series: [{}, { fill: BAR, stroke: BAR, width: 0, paths: UPlot.paths.bars!({ size: [0.6, 64] }), points: { show: false } }],
          hooks: {
            draw: [
              (u) => {
                if (minPercent === undefined) return;
                // The percent runs across: the threshold is a line down the chart.
                const x = Math.round(u.valToPos(minPercent, 'y', true));
                const { ctx, bbox } = u;
                ctx.save();
                ctx.strokeStyle = THRESHOLD;
                ctx.setLineDash([6, 4]);
                ctx.lineWidth = 2;
                ctx.beginPath();
                ctx.moveTo(x, bbox.top);
                ctx.lineTo(x, bbox.top + bbox.height);
                ctx.stroke();
                ctx.restore();
              },
            ],
          },
        };
        chart = new UPlot(options, [xs, bars.map((bar) => bar.value)], element);
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height }));
        observer.observe(element);
      })
      .catch((error: unknown) => console.warn('Quadra: could not load the chart; the table has the same figures', error));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [bars, minPercent, counts]);
  return <Box ref={box} role="img" aria-label={label} mih={chartHeight(bars)} className="quadra-chart" data-testid="frequency-chart" />;
}
