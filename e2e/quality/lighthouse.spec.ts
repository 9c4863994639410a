import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { expect, test } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../browser.ts';
import { writeSection } from './performance-doc.ts';

/**
 * Lighthouse on the home page in its default (mobile) preset: a mid-range phone, simulated
 * slow 4G and a 4x slower CPU. Three runs, the median of each category and metric counts
 * (Lighthouse's own advice against run-to-run noise). The scores and the metrics (FCP, LCP, Speed
 * Index, TBT, CLS) go to docs/performance.md.
 *
 * The CPU slowdown is calibrated, as Lighthouse's throttling guide advises: the preset's 4x
 * assumes this machine kind at rest (Lighthouse's BenchmarkIndex about REFERENCE_BENCHMARK),
 * but CI shares the machine, and a host running at a third of its speed turned 4x into 12x
 * (Total Blocking Time 60 ms at rest, 600 ms in a busy CI run). Each run therefore uses
 * 4 x (the BenchmarkIndex Lighthouse measured in the run before / REFERENCE_BENCHMARK), at most 4,
 * so the emulated phone stays the same phone; a first, unscored run measures the host.
 */
const targets = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 90 } as const;
type Category = keyof typeof targets;
/**
 * Issue 17's aims, reported beside the results but not asserted: performance 100 does not hold on
 * this machine kind. The home page's first screen comes in its HTML and the app starts once it
 * has painted (docs/decisions/017): FCP about 0.9 s and LCP 1.2 to 1.4 s on 2026-11-27, but the
 * app's evaluation and hydration now come after the first paint, where Total Blocking Time counts
 * them (110 to 420 ms), performance 90 to 99.
 */
const AIMS = { performance: 100, lcpMs: 1_500 } as const;
/** The metrics reported beside the scores, as Lighthouse names their audits. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'speed-index': 'SI',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
} as const;
type Metric = keyof typeof METRICS;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REFERENCE_BENCHMARK = 2_800;
const PRESET = lighthouseConstants.throttling.mobileSlow4G;

/** The CPU slowdown that emulates the preset's phone on a host measured at `benchmarkIndex`. */
function calibratedSlowdown(benchmarkIndex: number | undefined): number {
  if (benchmarkIndex === undefined || !Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return PRESET.cpuSlowdownMultiplier;
  const scaled = (PRESET.cpuSlowdownMultiplier * benchmarkIndex) / REFERENCE_BENCHMARK;
  return Math.round(Math.min(PRESET.cpuSlowdownMultiplier, Math.max(1, scaled)) * 10) / 10;
}

/** Debian's Chromium (or the fallback), headless, with a DevTools port for Lighthouse. */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'toolsify-lh-'));
  const child: ChildProcess = spawn(
    await chromiumPath(),
    [...chromiumArgs, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools: ${err}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err}`)));
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      // Chromium's helper processes may still write their cache a moment after it exits: retry,
      // and a profile left in the temp folder is no reason to fail the audit.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // left for the system's temp cleanup
      }
    },
  };
}

/** The offending elements or messages of a failed audit, briefly. */
function itemsOf(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const described = items.slice(0, 5).map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    if (node) return `\`${node.selector ?? ''}\` ${node.snippet ?? ''}`;
    return String(item.description ?? item.source ?? item.message ?? JSON.stringify(item)).slice(0, 200);
  });
  return described.length > 0 ? `: ${described.join('; ')}` : '';
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('Lighthouse (mobile) on the home page meets the score targets', async ({ baseURL }) => {
  const url = `${baseURL}/`;
  const runs: Record<Category, number>[] = [];
  const metricRuns: Record<Metric, number>[] = [];
  const hosts: string[] = [];
  const failedAudits = new Map<string, string>();
  const browser = await launchChromium();
  try {
    const runLighthouse = async (cpuSlowdownMultiplier: number) => {
      const result = await lighthouse(url, {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(targets),
        throttling: { ...PRESET, cpuSlowdownMultiplier },
      });
      if (!result) throw new Error('Lighthouse returned no result');
      return result.lhr;
    };
    let benchmarkIndex = (await runLighthouse(PRESET.cpuSlowdownMultiplier)).environment.benchmarkIndex;
    for (let i = 0; i < RUNS; i += 1) {
      const slowdown = calibratedSlowdown(benchmarkIndex);
      const lhr = await runLighthouse(slowdown);
      hosts.push(`BenchmarkIndex ${Math.round(benchmarkIndex)}, CPU ${slowdown}x`);
      benchmarkIndex = lhr.environment.benchmarkIndex;
      const { categories, audits } = lhr;
      runs.push(
        Object.fromEntries(Object.keys(targets).map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
      );
      metricRuns.push(
        Object.fromEntries(Object.keys(METRICS).map((m) => [m, audits[m]?.numericValue ?? Number.NaN])) as Record<Metric, number>,
      );
      for (const category of Object.keys(targets)) {
        for (const ref of categories[category]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            failedAudits.set(
              `${category}: ${audit.id}`,
              `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${itemsOf(audit.details)}`,
            );
          }
        }
      }
    }
  } finally {
    await browser.close();
  }

  const scores = Object.fromEntries(Object.keys(targets).map((c) => [c, median(runs.map((r) => r[c as Category]))])) as Record<
    Category,
    number
  >;
  const metrics = Object.fromEntries(Object.keys(METRICS).map((m) => [m, median(metricRuns.map((r) => r[m as Metric]))])) as Record<
    Metric,
    number
  >;
  const shown = (m: Metric, value: number) => (m === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`);
  const lines = [
    '## Lighthouse (home page, mobile preset)',
    '',
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run test:quality\`: Lighthouse's default mobile preset (simulated slow 4G, 4x CPU slowdown on this machine kind at rest, BenchmarkIndex ${REFERENCE_BENCHMARK}, calibrated down on a busier host) in Chromium, against the production build; the median of ${RUNS} runs (each run: ${runs.map((r, n) => `${Object.values(r).join('/')} at ${hosts[n]}`).join('; ')}).`,
    '',
    '| Category | Score | Target |',
    '|---|---:|---:|',
    ...Object.entries(targets).map(
      ([c, t]) => `| ${c} | ${scores[c as Category]} | >= ${t}${c === 'performance' ? ` (aim ${AIMS.performance})` : ''} |`,
    ),
    '',
    '| Metric (median) | Value | Each run |',
    '|---|---:|---|',
    ...Object.entries(METRICS).map(
      ([m, label]) =>
        `| ${label}${m === 'largest-contentful-paint' ? ` (aim <= ${AIMS.lcpMs} ms)` : ''} | ${shown(m as Metric, metrics[m as Metric])} | ${metricRuns.map((r) => shown(m as Metric, r[m as Metric])).join(', ')} |`,
    ),
    ...(failedAudits.size > 0 ? ['', 'Audits below 0.9 in some run:', '', ...[...failedAudits].map(([k, v]) => `- ${k}: ${v}`)] : []),
  ];
  writeSection('lighthouse', lines.join('\n'));
  console.log(lines.join('\n'));

  for (const [category, target] of Object.entries(targets)) {
    expect
      .soft(scores[category as Category], `${category} (runs: ${runs.map((r) => r[category as Category]).join(', ')})`)
      .toBeGreaterThanOrEqual(target);
  }
});
