// Worker threads do not inherit tsx's loader (tests and the dev server run TypeScript through tsx):
// register it here, then load the checkpoint thread itself.
import { register } from 'tsx/esm/api';

register();
await import('./checkpointWorker.ts');
