// Building and measuring: wall and CPU seconds and memory of a build command, and the cold build
// of this site (as after a fresh clone).
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {log, outDir, root, round, run} from './common.mts';

const TIME = ['/usr/bin/time', '/bin/time'].find((candidate) => existsSync(candidate));

export interface CpuAndMemory {
  user: number | null;
  system: number | null;
  maxProcessRssBytes: number | null;
}

/** What `measureCommand` reports of one build. */
export interface BuildMeasurement {
  wallSeconds: number;
  cpuSeconds: number | null;
  userSeconds: number | null;
  systemSeconds: number | null;
  peakTreeRssBytes: number;
  maxProcessRssBytes: number | null;
  loadAverage: {before: number; after: number};
  method: string;
  log: string;
}

/** Pid → parent pid of every process, from /proc. */
function processParents(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields start after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // The process ended while we listed it.
    }
  }
  return parents;
}

/** Resident memory of `rootPid` and all its descendants, in bytes. */
export function treeRss(rootPid: number): number {
  const parents = processParents();
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let bytes = 0;
  for (const pid of inTree) {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) bytes += Number(match[1]) * 1024;
    } catch {
      // Ended meanwhile.
    }
  }
  return bytes;
}

export function parseTimeReport(text: string): CpuAndMemory {
  const field = (name: string) => {
    const match = new RegExp(`${name}: ([\\d.]+)`).exec(text);
    return match ? Number(match[1]) : null;
  };
  const user = field('User time \\(seconds\\)');
  const system = field('System time \\(seconds\\)');
  const maxRssKb = field('Maximum resident set size \\(kbytes\\)');
  return {user, system, maxProcessRssBytes: maxRssKb === null ? null : maxRssKb * 1024};
}

/** `times` of POSIX sh prints the shell's and then its children's user and system time. */
export function parseShellTimes(text: string): CpuAndMemory {
  const seconds = (value: string) => {
    const match = /^(\d+)m([\d.]+)s$/.exec(value);
    return match ? Number(match[1]) * 60 + Number(match[2]) : null;
  };
  const children = text.trim().split('\n').at(-1)?.trim().split(/\s+/) ?? [];
  return {user: seconds(children[0] ?? ''), system: seconds(children[1] ?? ''), maxProcessRssBytes: null};
}

/**
 * Runs a command to completion, its output going to `logFile`, and measures wall seconds, CPU
 * seconds (user + system of the whole process tree) and memory: the largest single process
 * (from /usr/bin/time -v) and the peak sum over the tree (sampled from /proc every 250 ms).
 */
export function measureCommand(
  command: string,
  args: string[],
  {cwd, logFile, env = {}}: {cwd: string; logFile: string; env?: Record<string, string>},
): Promise<BuildMeasurement> {
  const reportFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-time-')), 'report');
  const [program, programArgs, method] = TIME
    ? [TIME, ['-v', '-o', reportFile, command, ...args], '/usr/bin/time -v']
    : ['sh', ['-c', '"$@"; status=$?; times > "$BENCH_TIMES"; exit $status', 'sh', command, ...args], 'sh times'];
  writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n`);
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(program, programArgs, {
      cwd,
      env: {...process.env, ...env, BENCH_TIMES: reportFile, FORCE_COLOR: '0'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    let peakTreeRssBytes = 0;
    const sampler = setInterval(() => {
      if (child.pid !== undefined) peakTreeRssBytes = Math.max(peakTreeRssBytes, treeRss(child.pid));
    }, 250);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      const wallSeconds = (performance.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString('utf8');
      writeFileSync(logFile, output, {flag: 'a'});
      const report = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
      rmSync(path.dirname(reportFile), {recursive: true, force: true});
      if (code !== 0) {
        const tail = output.trim().split('\n').slice(-25).join('\n');
        reject(new Error(`"${command} ${args.join(' ')}" failed (exit code ${code}); log: ${logFile}\n${tail}`));
        return;
      }
      const times = TIME ? parseTimeReport(report) : parseShellTimes(report);
      resolve({
        wallSeconds: round(wallSeconds, 1),
        cpuSeconds: times.user === null || times.system === null ? null : round(times.user + times.system, 1),
        userSeconds: times.user,
        systemSeconds: times.system,
        peakTreeRssBytes,
        maxProcessRssBytes: times.maxProcessRssBytes,
        loadAverage: {before: round(loadBefore, 2), after: round(os.loadavg()[0], 2)},
        method,
        log: path.relative(root, logFile),
      });
    });
  });
}

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** Leaves the site as after a fresh clone: no bundler cache, no build, nothing generated. */
export async function clearSite(): Promise<void> {
  await run(bin('docusaurus'), ['clear'], {cwd: root});
  // generated/ holds only build products (OpenAPI bundle, API pages, diagrams); keep our results.
  for (const name of existsSync(path.join(root, 'generated')) ? readdirSync(path.join(root, 'generated')) : []) {
    if (name !== 'bench') rmSync(path.join(root, 'generated', name), {recursive: true, force: true});
  }
}

export function buildSite(label: string): Promise<BuildMeasurement> {
  log(`building the site (${label})…`);
  return measureCommand('npm', ['run', 'build'], {cwd: root, logFile: path.join(outDir, `build-site-${label}.log`)});
}
