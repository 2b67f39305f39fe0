import os from 'node:os';

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  os: string;
  node: string;
  postgres: string;
  /** 1-minute load average when the bench started: other work on the machine skews the figures. */
  loadAverage: number;
  /** Which database the run used, in words. */
  database: string;
}

export function describeMachine(postgres: string, database: string, loadAverage: number): Machine {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres,
    loadAverage,
    database,
  };
}
