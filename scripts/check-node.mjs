// Plain JavaScript on purpose: it must run (and fail loudly) on any Node version.
const required = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major !== required) {
  console.error(
    `\n✖ Klipt runs on Node ${required}, but this script ran on Node ${process.versions.node}.\n` +
      `  Run it through npm (npm start, npm test, npm run …): npm puts the project's pinned Node ${required}\n` +
      `  (the "node" devDependency) first on PATH. If that is missing, run "npm install" again\n` +
      `  without --ignore-scripts.\n`,
  );
  process.exit(1);
}
