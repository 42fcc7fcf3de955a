import { describe, expect, it } from 'vitest';
import { rssGrowth, sampleOf, stayedBounded, sumMetrics } from './soak-figures.ts';

describe('soak figures', () => {
  it("sums a process's series by metric name, labels dropped, comments and garbage skipped", () => {
    const text = [
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      'process_resident_memory_bytes{service="attendance"} 104857600',
      'nodejs_eventloop_lag_p99_seconds{service="attendance"} 0.0125',
      'nodejs_heap_size_used_bytes{service="attendance"} 52428800',
      'kafka_consumer_lag{group="attendance.members",topic="members",partition="0"} 3',
      'kafka_consumer_lag{group="attendance.members",topic="members",partition="1"} 4',
      'outbox_unsent{service="attendance",schema="attendance"} 0',
      'not a metric line',
      'kafka_consumer_lag{group="x",topic="y",partition="2"} NaN',
    ].join('\n');
    expect(sumMetrics(text).get('kafka_consumer_lag')).toBe(7);
    expect(sampleOf(text)).toEqual({ rssBytes: 104857600, heapUsedBytes: 52428800, eldP99: 0.0125, lag: 7, outbox: 0 });
  });

  it('leaves lag and backlog unknown when the process did not report them (no series: the broker was away)', () => {
    expect(sampleOf('process_resident_memory_bytes 1\n')).toEqual({ rssBytes: 1, heapUsedBytes: 0, eldP99: 0 });
  });

  it('calls a queue bounded unless its second half peaks above 1.5 × the first half + 20', () => {
    expect(stayedBounded([0, 40, 3, 0, 50, 2, 0, 60])).toBe(true);
    expect(stayedBounded([0, 10, 20, 40, 80, 160])).toBe(false);
    expect(stayedBounded([5])).toBe(true);
  });

  it('measures RSS growth as the median from the warm-up against the median of the end, so one collection is not growth', () => {
    //               warm-up | from minute 5 ............ | last five ...................
    const series = [50, 90, 100, 160, 100, 100, 100, 104, 104, 104, 60, 104, 104];
    expect(rssGrowth(series, 2, 5)).toEqual({ from: 100, to: 104, growth: 0.04 });
    expect(rssGrowth([100, 110], 4, 5)).toEqual({ from: 110, to: 110, growth: 0 });
    expect(rssGrowth([], 0, 5)).toBeUndefined();
  });
});
