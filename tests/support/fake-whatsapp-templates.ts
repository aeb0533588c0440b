/**
 * A fake Graph API for a business account's templates, `/<version>/<WABA_ID>/message_templates`,
 * as msw handlers (docs/research/whatsapp-cloud-api.md §5; Meta's Message Templates reference):
 * - `GET ?fields=…&limit=N[&after=<cursor>]` → `{ data: [{ name, language, status, category, id }],
 *   paging: { cursors: { before, after }, next? } }`, `next` only while more pages remain;
 * - `POST` of a template as templates.ts defines it (checked: name, language, category, components
 *   with a BODY) → `{ id, status: 'PENDING', category }`, and the account holds it from then on;
 *   the same name and language again is refused with code 100, as Meta refuses a duplicate;
 * - a wrong token is 401 code 190, a body not shaped as documented 400 code 100, and a test
 *   scripts the next answer with `answerNext` (any error, or no answer at all).
 */
import { HttpResponse, http } from 'msw';
import { z } from 'zod';
import { FAKE_GRAPH_URL, FAKE_WHATSAPP, graphError, type ScriptedAnswer } from './fake-whatsapp.ts';

export const FAKE_WABA = { token: FAKE_WHATSAPP.token, businessAccountId: '102290129340398', apiVersion: 'v23.0' };

const createSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/),
  language: z.string().min(2),
  category: z.enum(['UTILITY', 'MARKETING', 'AUTHENTICATION']),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).optional(),
  components: z
    .array(z.object({ type: z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']) }).loose())
    .refine((parts) => parts.some((part) => part.type === 'BODY')),
});

export interface AccountTemplate {
  name: string;
  language: string;
  status: string;
  category?: string;
}

export interface FakeTemplateGraph {
  handlers: ReturnType<typeof http.get | typeof http.post>[];
  /** The account's templates, in the order Meta lists them. */
  account: AccountTemplate[];
  /** Every call the fake answered: `GET <query>` or `POST <name>:<language>`. */
  calls: string[];
  /** The next call (the next `GET` or `POST` only, when named) gets this answer. */
  answerNext(answer: ScriptedAnswer, method?: 'GET' | 'POST'): void;
}

export function fakeTemplateGraph(
  account: AccountTemplate[] = [],
  { pageSize = 25, baseUrl = FAKE_GRAPH_URL, config = FAKE_WABA } = {},
): FakeTemplateGraph {
  const url = `${baseUrl}/${config.apiVersion}/${config.businessAccountId}/message_templates`;
  const scripted: { answer: ScriptedAnswer; method: string | undefined }[] = [];
  const calls: string[] = [];
  const authorised = (request: Request) => request.headers.get('authorization') === `Bearer ${config.token}`;
  const scriptedAnswer = (method: string) => {
    const index = scripted.findIndex((entry) => (entry.method ?? method) === method);
    const next = index < 0 ? undefined : scripted.splice(index, 1)[0]?.answer;
    return next === 'network-error' ? HttpResponse.error() : next;
  };

  const list = http.get(url, ({ request }) => {
    const query = new URL(request.url).searchParams;
    calls.push(`GET ${query}`);
    if (!authorised(request)) return graphError(190, 401);
    const scriptedReply = scriptedAnswer('GET');
    if (scriptedReply) return scriptedReply;
    const limit = Math.min(Number(query.get('limit') ?? pageSize), pageSize);
    const start = Number(query.get('after') ?? 0);
    const end = start + limit;
    const more = new URLSearchParams(query);
    more.set('after', String(end));
    return HttpResponse.json({
      data: account.slice(start, end).map((template, index) => ({ ...template, id: String(1_000 + start + index) })),
      paging: {
        cursors: { before: String(start), after: String(end) },
        ...(end < account.length ? { next: `${url}?${more}` } : {}),
      },
    });
  });

  const create = http.post(url, async ({ request }) => {
    const parsed = createSchema.safeParse(await request.json().catch(() => undefined));
    calls.push(parsed.success ? `POST ${parsed.data.name}:${parsed.data.language}` : 'POST ?');
    if (!authorised(request)) return graphError(190, 401);
    if (!parsed.success) return graphError(100);
    const scriptedReply = scriptedAnswer('POST');
    if (scriptedReply) return scriptedReply;
    const { name, language, category } = parsed.data;
    if (account.some((template) => template.name === name && template.language === language)) return graphError(100);
    account.push({ name, language, status: 'PENDING', category });
    return HttpResponse.json({ id: String(2_000 + account.length), status: 'PENDING', category });
  });

  return {
    handlers: [list, create],
    account,
    calls,
    answerNext: (answer, method) => void scripted.push({ answer, method }),
  };
}
