// Worker threads do not inherit tsx's loader (the server runs its TypeScript through tsx): register
// it here, then load the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
