/**
 * Lighthouse (mobile: its default emulated phone, slow 4G and 4x CPU, simulated) on pages of a running Quadra:
 *   tsx scripts/bench-lighthouse.ts BASE_URL [route...]
 * Three runs per route; prints the medians as one BENCH_JSON line for scripts/bench.ts. A run that reports no score
 * (Lighthouse's runtime error, a metric it could not compute) is left out and run again, at most three times more, and
 * named in the output: counted as a 0, it pulled the median down and printed an LCP of 0.0 s.
 * BENCH_LH_RUNS sets the runs per route (the side-by-side bench runs one at a time, turn about); BENCH_LH_PERF_ONLY=1
 * audits performance only (the accessibility and best-practices audits add seconds to each run).
 */
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { median } from './bench-common.ts';

const [base, ...routes] = process.argv.slice(2);
if (!base) throw new Error('usage: bench-lighthouse.ts BASE_URL [route...]');
const RUNS = Number(process.env.BENCH_LH_RUNS || 3);
const MAX_FAILED = 3;

type Sample = { performance: number; lcpMs: number; tbtMs: number; cls: number; accessibility: number; bestPractices: number };
const results: Record<string, Sample & { failedAudits: string[]; failedRuns: string[] }> = {};

for (const route of routes.length ? routes : ['']) {
  const samples: Sample[] = [];
  const failed = new Set<string>();
  const failedRuns: string[] = [];
  while (samples.length < RUNS && failedRuns.length <= MAX_FAILED) {
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    try {
      const result = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: process.env.BENCH_LH_PERF_ONLY === '1' ? ['performance'] : ['performance', 'accessibility', 'best-practices'],
      });
      const lhr = result!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const missing = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].filter((id) => !Number.isFinite(value(id)));
      if (lhr.runtimeError || lhr.categories.performance?.score == null || missing.length) {
        failedRuns.push(lhr.runtimeError?.code ?? `no ${missing.join(', ') || 'performance score'}`);
        continue;
      }
      samples.push({
        performance: score('performance'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
      });
      for (const category of ['accessibility', 'best-practices']) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.add(`${category}:${ref.id}`);
        }
      }
    } finally {
      chrome.kill();
    }
  }
  const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
  results[`/${route}`] = {
    performance: pick('performance'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    failedAudits: [...failed],
    failedRuns,
  };
}
console.log(`BENCH_JSON ${JSON.stringify(results)}`);
