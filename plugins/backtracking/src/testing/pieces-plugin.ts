// The test pieces as a plugin module (a default export), for worker threads that load plugins by URL.
export { testPieceModule as default } from './pieces.js';
