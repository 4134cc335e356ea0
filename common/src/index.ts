export * from './constants';
export * from './permissions';
export * from './domain';
export * from './usage';
export * from './auth-contract';
export * from './navigation';
export * from './jobs';
