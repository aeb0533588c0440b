// @ts-check
// `npm run probe:security` (scripts/security-probe.mjs), section 8. Bodies of 2 MB
import { ask, finding, run, section, shown } from './probe.mjs';

export async function probeLargeBodies() {
  const large = section('8', '2 MB bodies: 413, never a reset');
  await run(large, async () => {
    const size = 2 * 1024 * 1024;
    const declared = `{"name":"${'a'.repeat(size)}"}`;
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
    const streamed = () => {
      let sent = 0;
      return new ReadableStream({
        pull(controller) {
          if (sent >= size) controller.close();
          else {
            controller.enqueue(chunk);
            sent += chunk.byteLength;
          }
        },
      });
    };
    for (let round = 0; round < 20; round += 1) {
      // Alternately with Content-Length, and chunked (no length declared), on the same keep-alive client.
      const answer = await ask(large, {
        path: '/api/contact',
        headers: { 'content-type': 'application/json' },
        ...(round % 2 === 0
          ? { raw: declared, what: '2 MB, Content-Length' }
          : { stream: streamed, what: '2 MB, chunked' }),
      });
      if (!answer.error && answer.status !== 413) finding(large, 'a 2 MB body is not answered 413', shown(answer));
    }
  });
}
