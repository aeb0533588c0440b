/** The templates an owner submits to Meta, held to Meta's limits and to "utility, no offers". */
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_FAILED_CHOICES,
  TEMPLATE_PARAMETERS,
  TEMPLATES,
  type TemplateDefinition,
  type TemplateName,
  TRACK_URL,
} from './templates.ts';

const NAMES = Object.keys(TEMPLATE_PARAMETERS) as TemplateName[];
const body = (template: TemplateDefinition) => template.components.find((part) => part.type === 'BODY');
const buttons = (template: TemplateDefinition) =>
  template.components.flatMap((part) => (part.type === 'BUTTONS' ? part.buttons : []));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
const texts = (template: TemplateDefinition) =>
  template.components.flatMap((part) =>
    part.type === 'BUTTONS' ? part.buttons.map((button) => button.text) : [part.text],
  );

// Words that make Meta re-class a template as marketing (docs/research/whatsapp-cloud-api.md §5.4), in English and Hindi.
const PROMOTIONAL =
  /\b(offer|discount|sale|deal|free|coupon|promo|cashback|shop now|buy now|limited time|hurry|exclusive|new arrivals?)\b|%\s*off|ऑफ़र|ऑफर|छूट|डिस्काउंट|सेल|मुफ़्त|मुफ्त|कूपन|कैशबैक/i;

describe('the WhatsApp templates', () => {
  it('are the six of issue 33, order_delivered and issue 34’s cod_confirm, each in en and hi under the same name, utility and positional', () => {
    expect(NAMES).toHaveLength(8);
    expect(TEMPLATES.map((template) => `${template.name}:${template.language}`).sort()).toEqual(
      NAMES.flatMap((name) => [`${name}:en`, `${name}:hi`]).sort(),
    );
    for (const template of TEMPLATES) {
      expect(template.name).toMatch(/^[a-z0-9_]{1,512}$/);
      expect(template).toMatchObject({ category: 'UTILITY', parameter_format: 'POSITIONAL' });
    }
  });

  it('keep Meta’s limits: body ≤ 1024, footer ≤ 60, button labels ≤ 25, variables in order, never first or last', () => {
    for (const template of TEMPLATES) {
      const text = body(template)?.text ?? '';
      expect(text.length, template.name).toBeLessThanOrEqual(1024);
      const numbers = placeholders(text);
      expect(numbers, `${template.name}:${template.language}`).toEqual(numbers.map((_, index) => index + 1));
      expect(text.trim()).not.toMatch(/^\{\{|\}\}$/);
      expect(text).not.toMatch(/\}\}\s*\{\{/);
      for (const part of template.components) {
        if (part.type === 'FOOTER') expect(part.text.length).toBeLessThanOrEqual(60);
      }
      for (const button of buttons(template)) expect(button.text.length, button.text).toBeLessThanOrEqual(25);
    }
  });

  it('have as many variables in en as in hi, as the senders name them, each with one sample', () => {
    for (const name of NAMES) {
      const [en, hi] = (['en', 'hi'] as const).map((language) =>
        TEMPLATES.find((template) => template.name === name && template.language === language),
      );
      const count = TEMPLATE_PARAMETERS[name].length;
      for (const template of [en, hi]) {
        const part = template && body(template);
        expect(placeholders(part?.text ?? ''), `${name}`).toHaveLength(count);
        expect(part?.example.body_text[0]).toHaveLength(count);
      }
      expect(buttons(en as TemplateDefinition).map((button) => button.type)).toEqual(
        buttons(hi as TemplateDefinition).map((button) => button.type),
      );
    }
  });

  it('say nothing promotional, in either language', () => {
    for (const template of TEMPLATES) {
      for (const text of texts(template))
        expect(text, `${template.name}:${template.language}`).not.toMatch(PROMOTIONAL);
    }
    expect('Get 10% off today').toMatch(PROMOTIONAL);
    expect('आज 10% छूट').toMatch(PROMOTIONAL);
  });

  it('link order_shipped to our own /track, and give delivery_failed its three quick replies', () => {
    for (const template of TEMPLATES.filter((item) => item.name === 'order_shipped')) {
      expect(buttons(template)).toEqual([{ type: 'URL', text: expect.any(String), url: TRACK_URL }]);
      expect(new URL(TRACK_URL).pathname).toBe('/track');
    }
    for (const template of TEMPLATES.filter((item) => item.name === 'delivery_failed')) {
      expect(buttons(template).map((button) => button.type)).toEqual(DELIVERY_FAILED_CHOICES.map(() => 'QUICK_REPLY'));
    }
  });

  it('write Hindi in Devanagari', () => {
    for (const template of TEMPLATES.filter((item) => item.language === 'hi')) {
      expect(body(template)?.text).toMatch(/^[\u0900-\u097F]/);
    }
  });
});
