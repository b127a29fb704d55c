// `zod` as the web build resolves it (vite.config.ts): zod itself, set jitless before any schema is
// defined. The web's CSP refuses eval, and zod probes for it with a caught `new Function` whenever it
// defines an object schema, which Chrome still reports as a CSP violation (Lighthouse best
// practices, "inspector-issues"). Jitless, it never probes.
import { config } from 'zod/v4/core';

config({ jitless: true });

// What `zod` itself exports (node_modules/zod/index.js); `zod/v4` is the same module graph.
export * from 'zod/v4';
export { z } from 'zod/v4';
