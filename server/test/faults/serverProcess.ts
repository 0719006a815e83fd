import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { repoRoot, testConfig } from '../../src/config.ts';
import { freePort } from '../../src/db/embedded.ts';

/** The real server (`node server/src/main.ts`) running as a child process, as production starts it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote, for the failure message of a test. */
  output(): string;
  /** Ends it with a signal and resolves once it has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the server as a child process on an existing, migrated database and a free port, with the tests' JWT secret
 * (so tokens issued by an in-process test app stay valid), and resolves once it listens.
 */
export async function startServerProcess(opts: {
  databaseUrl: string;
  dataDir: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const config = testConfig();
  const child = spawn(process.execPath, [join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      DATA_DIR: opts.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: config.jwtSecret,
      LOG_LEVEL: 'silent',
      DEMO_SEED: '0',
      SERVE_CLIENT: '0',
      ADMIN_EMAIL: '',
      ARGON2_MEMORY_KIB: String(config.argon2.memoryCost),
      ARGON2_TIME_COST: String(config.argon2.timeCost),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${opts.timeoutMs ?? 30_000} ms:\n${output}`)),
      opts.timeoutMs ?? 30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Evolution is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(([code, signal]) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? code}) before listening:\n${output}`));
    });
  });
  try {
    await listening;
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
    },
  };
}
