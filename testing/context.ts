import { inject } from 'vitest';

export interface TestDatabase {
  adminUrl: string;
  ownerUrl: string;
  appUrl: string;
  database: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDatabase;
    redisUrl: string;
  }
}

/** This run's database (created and migrated by testing/global-setup.ts). */
export const testDatabase = (): TestDatabase => inject('testDb');
export const testRedisUrl = (): string => inject('redisUrl');
