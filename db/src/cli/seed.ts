// Seeds the demo organization into an empty database (does nothing when customers exist).
import { loadDatabaseEnv } from '../env';
import { createPool } from '../pool';
import { seedDemo } from '../seed';

const env = loadDatabaseEnv();
const pool = createPool(env.DATABASE_URL);
const { seeded } = await seedDemo(pool);
await pool.end();
console.log(seeded ? 'demo organization seeded' : 'database not empty; demo seed skipped');
