import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `\n✖ Browser tests need Chromium at ${chromiumPath}.\n` +
        '  Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '  (or point CHROMIUM_PATH at another Chromium build).\n',
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing it from Debian packages…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`✖ apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
  if (!existsSync(chromiumPath)) {
    console.error(`✖ Chromium was installed but is not at ${chromiumPath}`);
    process.exit(1);
  }
}

if (import.meta.main) ensureChromium();
