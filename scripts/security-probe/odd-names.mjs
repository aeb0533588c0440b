// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 7. A lone surrogate or a noncharacter in a name
import { randomUUID } from 'node:crypto';
import { ask, finding, run, section, server, shown } from './probe.mjs';
import { cancelByKey, freshPhone, placeCod, viewOrder } from './requests.mjs';

export async function probeOddNames() {
  const oddNames = section('7', 'lone surrogates and noncharacters in names');
  await run(oddNames, async () => {
    const notText = /[\p{Cs}\uFFFE\uFFFF\uFFFD]/u;
    /** @type {[string, string, boolean][]} the name, its label, whether anything is left once the oddity is dropped */
    const names = [
      ['Asha \ud800 Rawat', '"Asha \\ud800 Rawat"', true],
      ['\uffff', '"\\uffff"', false],
      ['Asha \uffff Rawat', '"Asha \\uffff Rawat"', true],
      ['Asha Rawat\udc00', '"Asha Rawat\\udc00"', true],
      ['\ud800\udbff', '"\\ud800\\udbff"', false],
    ];
    for (const [name, label, meaningful] of names) {
      const placed = await placeCod(oddNames, freshPhone(), { name });
      if (placed.answer.status === 422) {
        oddNames.notes.push(`${label} refused 422`); // never stored
        continue;
      }
      if (placed.answer.status !== 201 || !placed.key) {
        if (server.production) oddNames.notes.push(`orders skipped: COD refused here (${shown(placed.answer)})`);
        else finding(oddNames, 'a COD order was neither placed nor refused 422', shown(placed.answer));
        break;
      }
      const view = await viewOrder(oddNames, placed.orderId, placed.key);
      const stored = view.json?.address?.name;
      if (typeof stored !== 'string') finding(oddNames, "the order page does not show the order's name", shown(view));
      else if (notText.test(stored))
        finding(
          oddNames,
          'a name is stored with a lone surrogate or a noncharacter',
          `${label} → stored ${JSON.stringify(stored)}`,
        );
      else if (!meaningful || stored.trim() === '')
        finding(
          oddNames,
          'a name of nothing but oddities is taken as given',
          `${label} → stored ${JSON.stringify(stored)}`,
        );
      if (typeof stored === 'string') oddNames.notes.push(`${label} stored as ${JSON.stringify(stored)}`);
      await cancelByKey(oddNames, placed.orderId, placed.key);
    }
    // The forms refuse a name that is nothing once cleaned (the honeypot set: nothing is written).
    /** @type {[string, Record<string, unknown>][]} */
    const forms = [
      ['/api/contact', { email: 'probe@example.in', subject: 'Probe', message: 'Probe', website: 'bot' }],
      ['/api/reviews', { email: 'probe@example.in', rating: 5, review: 'Probe', productId: 1, website: 'bot' }],
    ];
    for (const [form, fields] of forms) {
      for (const name of ['\ud800', '\uffff', '\udfff\ufffe']) {
        const answer = await ask(oddNames, {
          path: form,
          json: { ...fields, name, submissionId: randomUUID() },
          what: `name ${JSON.stringify(name)}`,
        });
        if (answer.status !== 422) finding(oddNames, 'a form takes a name of nothing but oddities', shown(answer));
      }
    }
  });
}
