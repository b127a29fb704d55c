import { parseArgs } from 'node:util';
import { z } from 'zod';
import { CreateSuperAdminRequest } from '#contracts/admin.ts';
import { makeSuperAdmin } from '#server/modules/admin/bootstrap.ts';
import { openCliRuntime } from './cli-runtime.ts';

// npm run admin:create -- --email you@example.com --password 'a long password'
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true });
const input = CreateSuperAdminRequest.safeParse({ email: values.email, password: values.password });
if (!input.success) {
  console.error(
    `${z.prettifyError(input.error)}\n  Usage: npm run admin:create -- --email you@example.com --password 'at least 8 characters'`,
  );
  process.exit(1);
}

const runtime = await openCliRuntime();
try {
  const { account } = runtime.services;
  const result = await makeSuperAdmin(runtime.database.db, input.data.email, input.data.password, (user) => account.setUp(user));
  console.log(
    result.created
      ? `✔ Created super admin ${result.email} (email verified). Sign in at ${runtime.config.appUrl}/auth/login`
      : `✔ ${result.email} already had an account: it is now a verified super admin (its password is unchanged).`,
  );
} finally {
  await runtime.stop();
}
