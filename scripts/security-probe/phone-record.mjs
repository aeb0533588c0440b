// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 2. A phone's COD record and cancellations with the order's key
import { ask, finding, LINES, PINCODE, run, section, server, shown } from './probe.mjs';
import { cancelByKey, freshPhone, placeCod } from './requests.mjs';

export async function probePhoneRecord() {
  const phoneRecord = section('2', "a phone's COD record vs cancellations with the key");
  await run(phoneRecord, async () => {
    const phone = freshPhone();
    for (let round = 1; round <= 3; round += 1) {
      const placed = await placeCod(phoneRecord, phone);
      if (placed.answer.status !== 201 || !placed.key) {
        if (server.production) phoneRecord.notes.push(`skipped: COD orders refused here (${shown(placed.answer)})`);
        else finding(phoneRecord, 'a COD order from a fresh phone is refused', shown(placed.answer));
        return;
      }
      const cancelled = await cancelByKey(phoneRecord, placed.orderId, placed.key);
      if (cancelled.status !== 200 && cancelled.status !== 202)
        finding(phoneRecord, 'a cancellation with the key is refused', shown(cancelled));
    }
    const options = await ask(phoneRecord, {
      path: '/api/checkout/cod-options',
      json: {
        lines: LINES,
        delivery: {
          phone,
          address1: '12 Mall Road',
          address2: 'Near the clock tower',
          city: 'Dehradun',
          state: 'Uttarakhand',
          pincode: PINCODE,
        },
      },
      what: 'after three cancellations with the key',
    });
    if (options.json?.outcome !== 'allow')
      finding(phoneRecord, 'the checkout asks a fee or prepayment after cancellations with the key', shown(options));
    const fourth = await placeCod(phoneRecord, phone);
    if (fourth.answer.status !== 201)
      finding(
        phoneRecord,
        'the next COD order is refused after three cancellations with the key',
        shown(fourth.answer),
      );
    phoneRecord.notes.push(
      `after 3 orders cancelled with their keys: cod-options ${options.json?.outcome}, the next order ${fourth.answer.status}`,
    );
    if (fourth.key) await cancelByKey(phoneRecord, fourth.orderId, fourth.key);
  });
}
