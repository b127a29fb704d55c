import { registerFastPackageLoading } from './lib/fast-package-loading.ts';

// Process entry. The loader hooks must be in place before the server's module graph is loaded,
// so the server itself is imported dynamically.
registerFastPackageLoading();
await import('./start-server.ts');
