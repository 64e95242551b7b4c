/**
 * Shared by the benchmark's child processes: announce readiness as one JSON line on stdout, and exit when the
 * parent goes away (stdin closes) or asks (SIGTERM), so no server outlives a crashed or interrupted run.
 */
export function announce(info: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ ready: true, ...info })}\n`);
}

export function exitWithParent(close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(1), 5_000);
    forced.unref();
    // process.exit (not a natural drain) so --cpu-prof still writes its profile.
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

export function fail(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
