// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 0. Setup: what the server is
import { ask, run, SECRETS, section, server, shown } from './probe.mjs';
import { quotedTotal } from './requests.mjs';

export async function probeSetup() {
  const setup = section('0', 'setup (context, quote)');
  await run(setup, async () => {
    if (!SECRETS.staff) {
      setup.notes.push(
        `context unknown (PROBE_STAFF_SECRET unset): expectations of ${server.production ? 'production (--production)' : 'a server that is not production'}`,
      );
      return;
    }
    const answer = await ask(setup, {
      path: '/api/health',
      headers: { authorization: `Bearer ${SECRETS.staff}` },
      what: "staff's details",
    });
    if (answer.json?.systems && typeof answer.json.context === 'string') {
      server.context = answer.json.context;
      server.production = answer.json.context === 'production';
      server.systems = answer.json.systems;
      setup.notes.push(`context ${server.context}; systems ${JSON.stringify(server.systems)}`);
    } else setup.notes.push(`context unknown: staff's health answer has no details (${shown(answer)})`);
  });
  await run(setup, async () => {
    await quotedTotal(setup, 'cod');
  });
}
