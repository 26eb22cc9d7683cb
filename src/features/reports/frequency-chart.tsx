/**
 * A bar chart of frequencies (0-100 %) with the threshold drawn across it, or of counts (`counts`: from 0 to the
 * largest, the period report's breakdowns), drawn by uPlot (about 22 KB gzip), which
 * is imported here on demand: it downloads with /relatorios' chart and enters no other screen's load. The canvas is
 * one image for assistive technology, named by `label`; the same figures are in the page's tables.
 */
import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import type uPlot from 'uplot';
import { chartLabel } from './chart-label.ts';

export type ChartBar = { label: string; value: number };

const BAR = '#1c5cae'; // quadra.6
const THRESHOLD = '#c92a2a'; // red.9
const HEIGHT = 300;

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
        const options: uPlot.Options = {
          width: Math.max(element.clientWidth, 200),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          scales: {
            x: { time: false, range: [-0.5, bars.length - 0.5] },
            y: { range: counts ? [0, Math.max(1, ...bars.map((bar) => bar.value))] : [0, 100] },
          },
          axes: [
            {
              splits: () => xs,
              values: (_u, splits) => splits.map((i) => chartLabel(bars[i]?.label ?? '')),
              gap: 4,
              // Slanted; upright when the bars are too close for slanted names to pass each other.
              rotate: (u) => (u.width / bars.length < 56 ? -90 : -40),
              size: 140,
            },
            {
              // counts are whole children: no tick between two whole numbers
              values: (_u, splits) => splits.map((v) => (counts ? (Number.isInteger(v) ? String(v) : '') : `${v}%`)),
              size: 48,
            },
          ],
          series: [{}, { fill: BAR, stroke: BAR, width: 0, paths: UPlot.paths.bars!({ size: [0.6, 64] }), points: { show: false } }],
          hooks: {
            draw: [
              (u) => {
                if (minPercent === undefined) return;
                const y = Math.round(u.valToPos(minPercent, 'y', true));
                const { ctx, bbox } = u;
                ctx.save();
                ctx.strokeStyle = THRESHOLD;
                ctx.setLineDash([6, 4]);
                ctx.lineWidth = 2;
                ctx.beginPath();
                ctx.moveTo(bbox.left, y);
                ctx.lineTo(bbox.left + bbox.width, y);
                ctx.stroke();
                ctx.restore();
              },
            ],
          },
        };
        chart = new UPlot(options, [xs, bars.map((bar) => bar.value)], element);
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
        observer.observe(element);
      })
      .catch((error: unknown) => console.warn('Quadra: could not load the chart; the table has the same figures', error));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [bars, minPercent, counts]);
  return <Box ref={box} role="img" aria-label={label} mih={HEIGHT} className="quadra-chart" data-testid="frequency-chart" />;
}
