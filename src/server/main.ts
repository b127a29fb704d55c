import { enableCompileCache } from 'node:module';
import { registerFastPackageLoading } from './lib/fast-package-loading.ts';
import { relaunchWithServerSettings } from './lib/server-process.ts';

// Memory settings a process can only be started with (docs/operations.md#memory): the first thing.
relaunchWithServerSettings(import.meta.filename);

// Process entry. The loader hooks must be in place before the server's module graph is loaded,
// so the server itself is imported dynamically. V8's compile cache (in the OS temp folder, keyed
// by file contents) saves about a third of a second on every later start (ADR 0005).
enableCompileCache();
registerFastPackageLoading();
await import('./start-server.ts');
