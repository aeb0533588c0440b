/**
 * The shop's WhatsApp templates put in the business account through the Graph API (issue 33 §3;
 * `npm run whatsapp:templates`, scripts/whatsapp-templates.ts): the account's templates listed
 * (`GET /<version>/<WABA_ID>/message_templates`, every page), and each of ours Meta does not have
 * under its name and language created as templates.ts defines it (`POST` of the same path).
 *
 * It never edits or deletes a template Meta already has: editing an approved template sends it
 * back to review (and Meta allows few edits a month), so messages would stop while it waits;
 * deleting one blocks its name for a while. A changed text is a new template under a new name,
 * submitted on purpose. Documented shapes (docs/research/whatsapp-cloud-api.md §5): the list
 * `{ data: [{ name, language, status, category, id }], paging: { cursors, next? } }`, the create
 * answer `{ id, status, category }`, errors as for sending (`readGraphError`).
 */
import { z } from 'zod';
import { graphRoot, readGraphError } from './cloud-api.ts';
import type { TemplateDefinition } from './templates.ts';

export interface TemplateAdminConfig {
  /** A system-user token with `whatsapp_business_management` (`WHATSAPP_TOKEN`). */
  token: string;
  /** The WhatsApp Business Account's id (`WHATSAPP_BUSINESS_ACCOUNT_ID`), not the phone number's. */
  businessAccountId: string;
  apiVersion?: string | undefined;
  baseUrl?: string | undefined;
}

const metaTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().optional(),
  id: z.string().optional(),
});
export type MetaTemplate = z.infer<typeof metaTemplateSchema>;

const listPageSchema = z.object({
  data: z.array(metaTemplateSchema),
  paging: z.object({ next: z.string().optional() }).optional(),
});

const createdSchema = z.object({ id: z.string(), status: z.string(), category: z.string().optional() });

type Answer<T> = { ok: true; value: T } | { ok: false; message: string };

export interface TemplateAdmin {
  listTemplates(): Promise<Answer<MetaTemplate[]>>;
  createTemplate(template: TemplateDefinition): Promise<Answer<z.infer<typeof createdSchema>>>;
}

/** More pages than a business account's template limit would fill: a loop, not a list. */
const MAX_PAGES = 100;
const FIELDS = 'name,language,status,category';

export function templateAdmin(
  config: TemplateAdminConfig,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): TemplateAdmin {
  const url = `${graphRoot(config)}/${encodeURIComponent(config.businessAccountId)}/message_templates`;
  const origin = new URL(url).origin;

  /** One call, its answer read with `schema`; Meta's refusal or a shape not documented said in words. */
  async function call<T>(what: string, target: string, schema: z.ZodType<T>, body?: unknown): Promise<Answer<T>> {
    let response: Response;
    try {
      response = await fetchImpl(target, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      return { ok: false, message: `${what}: no answer from Meta (${(error as Error).message})` };
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok)
      return { ok: false, message: `${what}: Meta answered ${response.status}${readGraphError(answer).said}` };
    const read = schema.safeParse(answer);
    return read.success
      ? { ok: true, value: read.data }
      : { ok: false, message: `${what}: Meta answered ${response.status} with a body not shaped as documented` };
  }

  return {
    async listTemplates() {
      const templates: MetaTemplate[] = [];
      let next: string | undefined = `${url}?fields=${FIELDS}&limit=100`;
      for (let page = 1; next; page += 1) {
        // `paging.next` carries our token's request on: follow it only to Graph itself.
        if (page > MAX_PAGES || new URL(next).origin !== origin)
          return { ok: false, message: `Listing the templates: page ${page} is not one to follow (${next})` };
        const answer: Answer<z.infer<typeof listPageSchema>> = await call(
          'Listing the templates',
          next,
          listPageSchema,
        );
        if (!answer.ok) return answer;
        templates.push(...answer.value.data);
        next = answer.value.paging?.next;
      }
      return { ok: true, value: templates };
    },
    createTemplate: (template) =>
      call(`Creating ${template.name} (${template.language})`, url, createdSchema, template),
  };
}

/** What the script did with one of our templates, as its table shows it. */
export interface TemplateRow {
  name: string;
  language: string;
  /** Meta's status (APPROVED, PENDING, REJECTED, …), or `—` when Meta has none. */
  status: string;
  action: 'already there' | 'created' | 'would create' | 'failed';
  /** Why it failed, in Meta's words. */
  problem?: string;
}

/**
 * Creates each of `ours` that the account lacks (the same name and language), one after another,
 * and leaves every other as it is. `dryRun`: asks nothing but the list, creates nothing.
 */
export async function putTemplates(
  admin: TemplateAdmin,
  ours: readonly TemplateDefinition[],
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<Answer<TemplateRow[]>> {
  const listed = await admin.listTemplates();
  if (!listed.ok) return listed;
  const rows: TemplateRow[] = [];
  for (const template of ours) {
    const { name, language } = template;
    const there = listed.value.find((meta) => meta.name === name && meta.language === language);
    if (there) rows.push({ name, language, status: there.status, action: 'already there' });
    else if (dryRun) rows.push({ name, language, status: '—', action: 'would create' });
    else {
      const created = await admin.createTemplate(template);
      rows.push(
        created.ok
          ? { name, language, status: created.value.status, action: 'created' }
          : { name, language, status: '—', action: 'failed', problem: created.message },
      );
    }
  }
  return { ok: true, value: rows };
}
