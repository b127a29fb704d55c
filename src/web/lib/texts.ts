// Copy shared by more than one feature, or shown by src/web/components and src/web/app (docs/architecture.md, "Texts").
// A feature's own copy lives in src/web/features/<feature>/texts.ts; messages the server sends in src/contracts.

// ── The klip library: components/klips, the dashboard, collections, share pages, and app-wide notices ──

// ── The app shell, studios and inspirations: components/layout, studio, inspirations, ui, brand, admin; app/ ──
