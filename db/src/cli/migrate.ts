// Creates roles and database if missing, migrates, and writes the defaults every installation needs.
import { bootstrapDatabase } from '../bootstrap';
import { databaseUrls, loadDatabaseEnv } from '../env';
import { createPool } from '../pool';
import { seedDefaults } from '../seed';

const env = loadDatabaseEnv();
const { created } = await bootstrapDatabase(databaseUrls(env));
const pool = createPool(env.DATABASE_URL);
await seedDefaults(pool);
await pool.end();
console.log(created ? 'database created and migrated' : 'database migrated');
