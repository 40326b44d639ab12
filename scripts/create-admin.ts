/** `npm run create-admin -- <email>`: promote an existing account to admin. */
import { DataDirLockedError, openDatabase } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { promoteToAdmin } from "#app/modules/users/users-admin.server";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run create-admin -- <email>");
  process.exit(2);
}
const env = getEnv();
try {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const { setDatabase } = await import("#app/lib/db.server");
  setDatabase(Promise.resolve(database));
  const ok = await promoteToAdmin(email);
  await database.close();
  if (!ok) {
    console.error(`No account with the e-mail ${email}. Create it by signing up first.`);
    process.exit(1);
  }
  console.log(`${email} is now an admin.`);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
