// `npm run admin -- someone@hospital.org`: gives an existing account the admin role, using the
// same configuration (.env, DATA_DIR, DATABASE_URL) as the server. Stop the server first when it
// uses the embedded database (only one process can own its data directory).
import { existsSync } from 'node:fs';
import { emailSchema } from '@ipsv/contracts/auth';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/database/database.js';
import { createLogger } from '../platform/logger.js';

async function main(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const parsed = emailSchema.safeParse(process.argv[2] ?? '');
  if (!parsed.success) {
    process.stderr.write('Usage: npm run admin -- <email of an existing account>\n');
    return 2;
  }
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase(config, log);
  try {
    const users = createUsersRepository(database.db);
    const user = await users.findByEmail(parsed.data);
    if (!user) {
      process.stderr.write(`No account uses ${parsed.data}. Sign up first, then run this command again.\n`);
      return 1;
    }
    await users.update(user.id, { role: 'admin' });
    process.stdout.write(`${parsed.data} is now an administrator.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
