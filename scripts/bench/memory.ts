import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Memory of the server's processes as PSS (proportional set size, /proc/PID/smaps_rollup):
 * PostgreSQL's shared buffers are mapped by every backend, and PSS splits each shared page
 * between the processes that map it, so the sum counts them once. Linux only.
 */
export interface ProcessMemory {
  pid: number;
  command: string;
  pssMb: number;
}

export interface MemoryReport {
  totalMb: number;
  processes: ProcessMemory[];
  /** Which processes were counted, in words, for the table. */
  scope: string;
}

interface ProcInfo {
  pid: number;
  ppid: number;
  command: string;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command sits in parentheses and may itself contain spaces or parentheses.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replace(/\0/g, ' ');
    return { pid, ppid: Number(fields[1]), command: cmdline || stat.slice(stat.indexOf('(') + 1, close) };
  } catch {
    return undefined; // gone, or not ours to read
  }
}

function allProcesses(): ProcInfo[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is ProcInfo => p !== undefined);
}

/** `pids` and all their descendants. */
export function processTree(pids: number[]): number[] {
  const procs = allProcesses();
  const children = new Map<number, number[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const out = new Set<number>();
  const queue = [...pids];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    if (out.has(pid)) continue;
    out.add(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return [...out];
}

export function pssMb(pid: number): number | undefined {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = /^Pss:\s+(\d+) kB/m.exec(rollup);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident set size of one process in MB (VmRSS of /proc/PID/status): what `ps` and `top` show. */
export function rssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function measure(pids: number[], scope: string): MemoryReport {
  const processes: ProcessMemory[] = [];
  for (const pid of new Set(pids)) {
    const info = readProc(pid);
    const pss = pssMb(pid);
    if (info && pss !== undefined) processes.push({ pid, command: info.command.slice(0, 120), pssMb: pss });
  }
  const totalMb = processes.reduce((sum, p) => sum + p.pssMb, 0);
  return { totalMb, processes, scope };
}

/** The embedded cluster's postmaster, from the first line of DATA_DIR/pgdata/postmaster.pid. */
export function embeddedPostmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && readProc(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a PostgreSQL process on this machine (its command names postgres). */
export function isPostgresProcess(pid: number): boolean {
  return /postgres/.test(readProc(pid)?.command ?? '');
}

/** The parent of a process (a backend's parent is its postmaster). */
export function parentPid(pid: number): number | undefined {
  return readProc(pid)?.ppid;
}

/**
 * Kilobytes paged in from block devices since boot, from /proc/vmstat's text (`pgpgin`), or
 * undefined without that line.
 */
export function pagedInKb(vmstat: string): number | undefined {
  const line = /^pgpgin (\d+)$/m.exec(vmstat);
  return line ? Number(line[1]) : undefined;
}

/** This machine's pagedInKb so far, or undefined where /proc/vmstat cannot be read (not Linux). */
export function diskReadKb(): number | undefined {
  try {
    return pagedInKb(fs.readFileSync('/proc/vmstat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** Clock ticks a second, in which /proc/PID/stat counts CPU time (100 on every Linux seen here). */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU time (user and system, in microseconds) each process has spent so far, by /proc/PID/stat;
 * a process gone or not readable is left out. Linux only.
 */
export function cpuMicroseconds(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / clockTicks());
    } catch {
      /* gone, or not ours to read */
    }
  }
  return out;
}

/**
 * The CPU time spent between two readings of `cpuMicroseconds`: a process that started in between
 * (a pool connection opened under the load) counts all of its time; one that ended, none.
 */
export function cpuSpent(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let spent = 0;
  for (const [pid, now] of after) spent += now - (before.get(pid) ?? 0);
  return spent;
}
