// The end-to-end tests drive Debian's Chromium: a test tool's own browser download cannot work
// offline. Install it when missing (as root), otherwise say what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing: run \`sudo apt-get update && sudo apt-get install -y chromium\`, then npm test again.`,
    );
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the end-to-end tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
