// The tests need three programs that no npm package can bring offline, so they come from Debian:
// - the unit tests, a PostgreSQL server: the order store's races are proved on a real one, which the
//   tests start as a throw-away cluster (scripts/throwaway-postgres.ts, decision 031);
// - the end-to-end tests, Chromium (a test tool's own browser download cannot work offline) and
//   Java 17 or later for the W3C Nu Html Checker (vnu-jar's own Java download is not allowed to run:
//   allowScripts in package.json).
// `node scripts/ensure-test-tools.mjs unit` (or `e2e`) checks one suite's; with no argument, all.
// Install what is missing (as root), otherwise say the one command to run.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** vnu.jar 26.x is built for Java 17 (its --help: "On any system with Java17+ installed"). */
const JAVA_MAJOR = 17;

/** The major version of the `java` on the PATH (8 and older say "1.8": 1), or 0 when there is none. */
function javaMajor() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return 0;
  return Number(/version "(\d+)/.exec(result.stderr)?.[1] ?? 0);
}

/** Debian's PostgreSQL server binaries (any version): /usr/lib/postgresql/<version>/bin/postgres. */
function postgresPresent() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/postgres`));
}

const tools = [
  { name: 'PostgreSQL', debian: 'postgresql', suite: 'unit', present: postgresPresent },
  { name: 'Chromium', debian: 'chromium', suite: 'e2e', present: () => existsSync(CHROMIUM_PATH) },
  {
    name: `Java ${JAVA_MAJOR}+`,
    debian: 'default-jre-headless',
    suite: 'e2e',
    present: () => javaMajor() >= JAVA_MAJOR,
  },
];

const suite = process.argv[2];
const missing = tools.filter((tool) => (!suite || tool.suite === suite) && !tool.present());
if (missing.length > 0) {
  const packages = missing.map((tool) => tool.debian).join(' ');
  const names = missing.map((tool) => tool.name).join(' and ');
  if (process.getuid?.() !== 0) {
    console.error(
      `${names} missing: run \`sudo apt-get update && sudo apt-get install -y ${packages}\`, then npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${names} from Debian for the tests…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
  });
  // An older Debian's default Java is 11, which cannot run the checker.
  const still = missing.filter((tool) => !tool.present());
  if (still.length > 0) {
    console.error(`Still missing after apt-get: ${still.map((tool) => tool.name).join(' and ')}.`);
    process.exit(1);
  }
}
