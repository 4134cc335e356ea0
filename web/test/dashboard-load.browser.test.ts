import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addWidget, apiCaller, createMachine, ingest, setDailyQuota, startAgent, type SceneMachine, type Value } from './dashboard-scene';
import { DESKTOP, openSignedIn, registerTenantSuite, resetOrganization } from './tenant-browser';

const suite = registerTenantSuite();
const TAGS = Array.from({ length: 20 }, (_, i) => `sensor.${String(i + 1).padStart(2, '0')}`);
const WINDOW_MS = 4000;

let line: SceneMachine;

beforeAll(async () => {
  const { platform, pool } = suite;
  await resetOrganization(pool, platform.orgId, { machines: 2, tags: 100 });
  await setDailyQuota(pool, platform.orgId, 1_000_000);
  const api = apiCaller(platform.baseUrl);
  const login = await api.post('/auth/login', { email: platform.owner.email, password: platform.owner.password });
  line = await createMachine(api, login.json.accessToken, 'Line 1');
  const now = Date.now();
  const history: Value[] = TAGS.flatMap((tag, k) => Array.from({ length: 60 }, (_, i) => ({ tag, timestamp: now - (60 - i) * 60_000, value: 10 * k + Math.sin(i / 5) })));
  await ingest(api, line, history);
  for (const [position, tag] of TAGS.entries()) await addWidget(pool, platform.orgId, { machineId: line.id, tag, title: `Chart ${tag}`, position });
});

interface FrameReport {
  frames: number[];
  longTasks: number[];
}

interface WindowFigures {
  /** CPU time of the page's main thread as a share of the window: what the page costs, whatever else runs. */
  mainThreadShare: number;
  frames: number;
  frameP95Ms: number;
  frameMaxMs: number;
  longTaskMaxMs: number;
  longTaskShare: number;
}

/** Starts recording animation-frame intervals and long tasks in the page; returns a function that ends a window. */
async function recordFrames(page: Page): Promise<() => Promise<WindowFigures>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')!.value;
  let cpuBefore = await threadTime();
  let wallBefore = performance.now();
  await page.evaluate(() => {
    const report: FrameReport = { frames: [], longTasks: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) report.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    let last = performance.now();
    const frame = (now: number) => {
      report.frames.push(now - last);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    Object.assign(window, { frameReport: report });
  });
  return async () => {
    const cpu = await threadTime();
    const wall = performance.now();
    const mainThreadShare = Math.round(((cpu - cpuBefore) * 1000 * 1000) / (wall - wallBefore)) / 1000;
    [cpuBefore, wallBefore] = [cpu, wall];
    const report = await page.evaluate(() => {
      const current = (window as unknown as { frameReport: FrameReport }).frameReport;
      const copy = { frames: [...current.frames], longTasks: [...current.longTasks] };
      current.frames.length = 0;
      current.longTasks.length = 0;
      return copy;
    });
    const sorted = report.frames.sort((a, b) => a - b);
    return {
      mainThreadShare,
      frames: sorted.length,
      frameP95Ms: Math.round(sorted[Math.floor(sorted.length * 0.95)]!),
      frameMaxMs: Math.round(sorted[sorted.length - 1]!),
      longTaskMaxMs: Math.round(Math.max(0, ...report.longTasks)),
      longTaskShare: Math.round((report.longTasks.reduce((a, b) => a + b, 0) / WINDOW_MS) * 1000) / 1000,
    };
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('a dashboard with 20 live charts', () => {
  // Budget, measured in Chromium while 20 tags stream 10 points a second each (200 points/s through the real ingest
  // api and socket), as the median of three 4-second windows (other processes share this machine's 2 cores): frames
  // at least every 50 ms at the 95th percentile (20 fps), no main-thread task over 200 ms, long tasks (> 50 ms)
  // taking at most 10 % of the time, and the page's main thread busy (CPU time) at most 30 % of the time.
  it('stays responsive while data streams in, and every chart receives it', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport: DESKTOP });
    await page.goto(`${suite.platform.baseUrl}/#dashboard`);
    await expect.poll(() => page.locator('.widget-card .u-over').count(), { timeout: 20_000 }).toBe(20);
    await expect.poll(() => page.getByTestId('widget-value').allTextContents(), { timeout: 20_000 }).not.toContain('–');
    expect(await page.locator('.widget-card .chart-empty').count()).toBe(0);
    const pointsToday = async () => Number((await page.locator('[data-kpi="pointsToday"] .kpi-number').textContent())!.replace(/\D/g, ''));
    const before = await pointsToday();

    const endWindow = await recordFrames(page);
    const agent = startAgent(apiCaller(suite.platform.baseUrl), line, 100, (i) =>
      TAGS.map((tag, k) => ({ tag, timestamp: Date.now(), value: 10 * k + 5 + (i % 10) / 10 })),
    );
    const windows: WindowFigures[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.waitForTimeout(WINDOW_MS);
      windows.push(await endWindow());
    }
    const sent = await agent.stop();
    console.log('20 live charts', { batches: sent, points: sent * TAGS.length, windows });
    expect(sent).toBeGreaterThan((3 * WINDOW_MS) / 200);
    expect(median(windows.map((w) => w.frameP95Ms))).toBeLessThanOrEqual(50);
    expect(median(windows.map((w) => w.longTaskMaxMs))).toBeLessThanOrEqual(200);
    expect(median(windows.map((w) => w.longTaskShare))).toBeLessThanOrEqual(0.1);
    expect(median(windows.map((w) => w.mainThreadShare))).toBeLessThanOrEqual(0.3);

    // Everything arrived: today's count grew by every point sent, and each chart shows its tag's newest value.
    await expect.poll(pointsToday, { timeout: 35_000 }).toBe(before + sent * TAGS.length);
    const newest = (sent - 1) % 10;
    await expect
      .poll(() => page.getByTestId('widget-value').allTextContents())
      .toEqual(TAGS.map((_, k) => new Intl.NumberFormat('en').format(10 * k + 5 + newest / 10)));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
