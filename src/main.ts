import { type Config, ConfigError, loadConfig } from './config.ts';
import type { RunningServer } from './server.ts';

const USAGE = 'usage: atrium <serve|worker|migrate>';

function printWelcome(server: RunningServer, config: Config) {
  const lines = [`Atrium is listening on ${server.url}`, `  API reference: ${server.url}/docs`];
  const first = server.bootstrapped;
  if (first) {
    lines.push(
      '',
      'First start: the platform was bootstrapped. These secrets are shown once; store them now.',
      `  operator email:     ${first.adminEmail}`,
      `  operator password:  ${first.adminPassword ?? '(from ATRIUM_ADMIN_PASSWORD)'}`,
      `  console API key:    ${first.consoleApiKey ?? '(from ATRIUM_ADMIN_API_KEY)'}`,
      `  web API key:        ${first.webApiKey ?? '(from ATRIUM_WEB_API_KEY)'}`,
    );
  } else {
    lines.push(`  operator email: ${config.bootstrap.adminEmail} (credentials were printed at the first start)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Stops on SIGTERM/SIGINT after `close` (bounded: a stuck shutdown exits 1 after 30 s). */
function stopOn(close: () => Promise<void>, log: (message: string) => void) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down, finishing in-flight work`);
    const forced = setTimeout(() => process.exit(1), 30_000);
    forced.unref();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

// Each command imports what it runs only once it runs, so a usage or configuration error answers at once.
async function serve(config: Config) {
  const { startServer } = await import('./server.ts');
  const server = await startServer(config);
  printWelcome(server, config);
  stopOn(server.close, (message) => server.app.log.info(message));
}

async function worker(config: Config) {
  const { startWorker } = await import('./server.ts');
  const running = await startWorker(config);
  process.stdout.write('Atrium worker started: claiming jobs\n');
  stopOn(running.close, (message) => process.stdout.write(`${message}\n`));
}

async function migrateOnly(config: Config) {
  const [{ openDatabase }, { migrate }] = await Promise.all([
    import('./platform/db/client.ts'),
    import('./platform/db/migrate.ts'),
  ]);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(database.db);
    process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await database.close();
  }
}

async function main(argv: string[]) {
  const command = argv[0] ?? 'serve';
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (command === 'serve') return serve(config);
  if (command === 'worker') return worker(config);
  if (command === 'migrate') return migrateOnly(config);
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`atrium: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
