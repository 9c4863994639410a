import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { listenProblem } from './lib/listen-problem.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config, { serveWeb: true });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const why = listenProblem(error, config.PORT);
    if (why === undefined) throw error;
    console.error(why);
    await app.close();
    process.exit(1);
  }
  app.log.info(`Toolsify is open at ${config.PUBLIC_URL}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
