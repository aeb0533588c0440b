// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 4. /api/health (before the orders: nothing it says depends on them)
import { ask, finding, run, SECRETS, section, server, shown } from './probe.mjs';

export async function probeHealth() {
  const health = section('4', '/api/health: anyone ok/degraded, staff the details');
  await run(health, async () => {
    const secret = SECRETS.staff ?? 'no-staff-secret-given';
    /** @type {[string, Record<string, string>, string?][]} */
    const strangers = [
      ['no credentials', {}],
      ['a wrong bearer', { authorization: 'Bearer not-the-secret' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['the secret as Basic', { authorization: `Basic ${Buffer.from(`staff:${secret}`).toString('base64')}` }],
      ['the secret plus one character', { authorization: `Bearer ${secret}x` }],
      ['half the secret', { authorization: `Bearer ${secret.slice(0, Math.ceil(secret.length / 2))}` }],
      ['the secret in the query', {}, `?token=${encodeURIComponent(secret)}&key=${encodeURIComponent(secret)}`],
      ['a forwarded header', { 'x-forwarded-for': '127.0.0.1', 'x-staff': secret }],
    ];
    for (const [what, headers, query = ''] of strangers) {
      const answer = await ask(health, { path: `/api/health${query}`, headers, what });
      const keys = answer.json && typeof answer.json === 'object' ? Object.keys(answer.json) : [];
      const fits =
        keys.length === 1 &&
        ((answer.status === 200 && answer.json.status === 'ok') ||
          (answer.status === 503 && answer.json.status === 'degraded'));
      if (!fits) finding(health, 'a stranger is told more than ok/degraded', shown(answer));
      else if (answer.status === 503 && !server.production)
        health.notes.push('degraded outside production (the catalogue could not be read?)');
    }
    const posted = await ask(health, { method: 'POST', path: '/api/health', json: {} });
    if (posted.status !== 405) finding(health, 'POST is not 405', shown(posted));
    if (!SECRETS.staff) {
      health.notes.push("staff's details not asked (PROBE_STAFF_SECRET unset)");
      return;
    }
    const staff = await ask(health, {
      path: '/api/health',
      headers: { authorization: `Bearer ${SECRETS.staff}` },
      what: "staff's bearer",
    });
    if (!staff.json?.systems) finding(health, 'staff do not get the details', shown(staff));
    if (!/no-store/.test(staff.headers?.get('cache-control') ?? ''))
      finding(health, "staff's details may be cached (no Cache-Control: no-store)", shown(staff));
  });
}
