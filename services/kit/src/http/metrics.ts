/** A small Prometheus text exporter: request counts and latency buckets per route and status. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class HttpMetrics {
  private readonly counts = new Map<string, number>();
  private readonly hist = new Map<string, { buckets: number[]; sum: number; count: number }>();
  private readonly gauges = new Map<string, () => number>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `method="${method}",route="${route}",status="${status}"`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    const hk = `method="${method}",route="${route}"`;
    const h = this.hist.get(hk) ?? { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) h.buckets[i]! += 1;
    });
    h.sum += seconds;
    h.count += 1;
    this.hist.set(hk, h);
  }

  gauge(name: string, read: () => number): void {
    this.gauges.set(name, read);
  }

  render(service: string): string {
    const lines: string[] = ['# HELP http_requests_total HTTP requests by route and status', '# TYPE http_requests_total counter'];
    for (const [k, v] of this.counts) lines.push(`http_requests_total{service="${service}",${k}} ${v}`);
    lines.push('# HELP http_request_duration_seconds HTTP request latency', '# TYPE http_request_duration_seconds histogram');
    for (const [k, h] of this.hist) {
      BUCKETS.forEach((b, i) => lines.push(`http_request_duration_seconds_bucket{service="${service}",${k},le="${b}"} ${h.buckets[i]}`));
      lines.push(`http_request_duration_seconds_bucket{service="${service}",${k},le="+Inf"} ${h.count}`);
      lines.push(`http_request_duration_seconds_sum{service="${service}",${k}} ${h.sum}`);
      lines.push(`http_request_duration_seconds_count{service="${service}",${k}} ${h.count}`);
    }
    for (const [name, read] of this.gauges) lines.push(`# TYPE ${name} gauge`, `${name}{service="${service}"} ${read()}`);
    lines.push(`# TYPE process_resident_memory_bytes gauge`, `process_resident_memory_bytes{service="${service}"} ${process.memoryUsage().rss}`);
    return lines.join('\n') + '\n';
  }
}
