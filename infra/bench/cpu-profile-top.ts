// Summarises a V8 .cpuprofile (written by `node --cpu-prof`): the functions with the most self time, and self time per
// package. Used by `npm run bench` with BENCH_CPU_PROF=1; also on its own:
//   node --import tsx infra/bench/cpu-profile-top.ts <file.cpuprofile> [top=25]
import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface FrameTime {
  name: string;
  /** file:line relative to the repository, or `<package> file:line` inside node_modules, or `node:<module>`. */
  where: string;
  package: string;
  selfMs: number;
}

export interface ProfileSummary {
  /** Which process wrote it, guessed from the files it ran (`members`, `gateway`, …). */
  process: string;
  wallMs: number;
  busyMs: number;
  idleMs: number;
  frames: FrameTime[];
  packages: { package: string; selfMs: number }[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/**
 * Our TypeScript runs through tsx, which compiles each file with esbuild (whitespace minified, keepNames) before V8
 * sees it: a frame's line is then 1 and its arrow functions are anonymous. Compiling the file again with the same
 * options gives the same code and a source map back to the real line, whose text names the function.
 */
const sourceMaps = new Map<string, { map: SourceMap; lines: string[] } | null>();
const original = (file: string, line: number, column: number): { line: number; text: string } | undefined => {
  if (!sourceMaps.has(file)) {
    try {
      const source = readFileSync(file, 'utf8');
      const out = transformSync(source, {
        loader: 'ts',
        format: 'esm',
        target: `node${process.versions.node}`,
        sourcemap: 'external',
        sourcefile: file,
        minifyWhitespace: true,
        keepNames: true,
      });
      sourceMaps.set(file, { map: new SourceMap(JSON.parse(out.map)), lines: source.split('\n') });
    } catch {
      sourceMaps.set(file, null);
    }
  }
  const entry = sourceMaps.get(file);
  const found = entry?.map.findEntry(line, column);
  if (!entry || !found || !('originalLine' in found)) return undefined;
  return { line: found.originalLine + 1, text: (entry.lines[found.originalLine] ?? '').trim() };
};

const locate = (frame: CallFrame): { where: string; pkg: string; text?: string } => {
  const line = frame.lineNumber + 1; // V8 lines are 0-based
  const { url } = frame;
  if (!url) return { where: '', pkg: SPECIAL.has(frame.functionName) ? frame.functionName : '(native/V8)' };
  if (url.startsWith('node:')) return { where: `${url}:${line}`, pkg: 'node (core)' };
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = file.slice(nm + '/node_modules/'.length);
    const parts = rest.split('/');
    const pkg = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    return { where: `${pkg} ${rest.slice(pkg.length + 1)}:${line}`, pkg };
  }
  const rel = path.relative(root, file);
  const top = rel.split('/');
  const pkg = top[0] === 'services' ? `services/${top[1]}` : (top[0] ?? rel);
  const mapped = /\.tsx?$/.test(file) ? original(file, frame.lineNumber, frame.columnNumber) : undefined;
  return mapped ? { where: `${rel}:${mapped.line}`, pkg, text: mapped.text } : { where: `${rel}:${line}`, pkg };
};

/**
 * `window`: only the samples taken between these two instants of the monotonic clock in µs (`process.hrtime`'s clock,
 * which V8's profiler uses on Linux too), e.g. the timed run of a bench without the process's start-up.
 */
export function summarize(file: string, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  // Native and Node-internal frames (a socket write, a crypto job) say little alone: name the first caller that is
  // neither, e.g. `writeUtf8String (native) ← fastify lib/reply.js:…` versus `… ← pg lib/query.js:…`.
  const callerOf = (id: number): string | undefined => {
    for (let p = parentOf.get(id); p !== undefined; p = parentOf.get(p)) {
      const frame = byId.get(p)!.callFrame;
      if (frame.url && !frame.url.startsWith('node:')) return locate(frame).where;
    }
    return undefined;
  };
  const selfUs = new Map<number, number>();
  // Sample i is attributed the time until the next sample (timeDeltas[i + 1]); the last one gets nothing.
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const frames = new Map<string, FrameTime>();
  const packages = new Map<string, number>();
  let idleUs = 0;
  let total = 0;
  const seenServices = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const located = locate(node.callFrame);
    const { pkg, text } = located;
    const internal = !node.callFrame.url || node.callFrame.url.startsWith('node:');
    const caller = internal && !SPECIAL.has(node.callFrame.functionName) ? callerOf(id) : undefined;
    const where = caller ? `${located.where || '(native)'} ← ${caller}` : located.where;
    // Anonymous (tsx's keepNames wraps every arrow function): name it by the first words of its source line.
    const name = node.callFrame.functionName || (text ? text.replace(/^export\s+/, '').slice(0, 40) : '(anonymous)');
    const key = `${name}\u0000${where}`;
    const entry = frames.get(key) ?? { name, where, package: pkg, selfMs: 0 };
    entry.selfMs += us / 1000;
    frames.set(key, entry);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us / 1000);
  }
  for (const node of profile.nodes) {
    const m = /\/(services\/[^/]+|gateway)\/src\//.exec(node.callFrame.url);
    if (m && m[1] !== 'services/kit') seenServices.set(m[1]!, (seenServices.get(m[1]!) ?? 0) + 1);
  }
  const process = [...seenServices.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]?.replace('services/', '') ?? path.basename(file);
  return {
    process,
    wallMs: window
      ? (Math.min(window.toUs, profile.endTime) - Math.max(window.fromUs, profile.startTime)) / 1000
      : (profile.endTime - profile.startTime) / 1000,
    busyMs: (total - idleUs) / 1000,
    idleMs: idleUs / 1000,
    frames: [...frames.values()].sort((a, b) => b.selfMs - a.selfMs),
    packages: [...packages.entries()].map(([pkg, selfMs]) => ({ package: pkg, selfMs })).sort((a, b) => b.selfMs - a.selfMs),
  };
}

export function formatSummary(s: ProfileSummary, top = 25): string {
  const pct = (ms: number) => `${((100 * ms) / Math.max(s.busyMs, 1)).toFixed(1).padStart(5)} %`;
  const lines = [
    `CPU profile of ${s.process}: ${(s.wallMs / 1000).toFixed(1)} s recorded, ${(s.busyMs / 1000).toFixed(1)} s busy (percentages are of busy time)`,
    `  (V8 samples wall time: a socket write that wakes a peer on a busy machine also counts the wait for a core; the bench's`,
    `  "CPU per request … in the kernel" says how much of it is real work)`,
    `  top ${top} functions by self time:`,
    ...s.frames.slice(0, top).map((f) => `  ${f.selfMs.toFixed(0).padStart(7)} ms ${pct(f.selfMs)}  ${f.name.slice(0, 40).padEnd(40)} ${f.where}`),
    `  self time by package:`,
    ...s.packages.slice(0, 15).map((p) => `  ${p.selfMs.toFixed(0).padStart(7)} ms ${pct(p.selfMs)}  ${p.package}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx infra/bench/cpu-profile-top.ts <file.cpuprofile> [top=25]');
    process.exit(64);
  }
  console.log(formatSummary(summarize(file), Number(top ?? 25)));
}
