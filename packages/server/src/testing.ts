// `@loupe/server/testing`: what tests and benchmarks of a PostgreSQL deployment need and a service
// does not — throw-away databases on a server an admin URL points at.
export { createScratchDatabase, type ScratchDatabase, testDatabaseUrl } from './store/postgres/scratch-database.js';
