import { Fragment, useEffect, useRef, useState } from 'react';
import type { SchemaForm } from '../../components/form/index.ts';
import { publicEnv } from '../../config/env.ts';
import type { CheckoutForm } from '../../shop/schemas/index.ts';
import { text } from '../../shop/texts/checkout.ts';
import { WHATSAPP_LANGUAGES, type WhatsAppLanguage } from '../../shop/whatsapp.ts';
import { GstinField } from './GstinField.tsx';

interface FieldSpec {
  name: keyof CheckoutForm;
  label: string;
  required: boolean;
  type?: string;
  autoComplete: string;
  wide?: boolean;
}

const FIELDS: FieldSpec[] = [
  { name: 'name', label: text('checkoutPage.field.name'), required: true, autoComplete: 'name' },
  { name: 'email', label: text('checkoutPage.field.email'), required: true, type: 'email', autoComplete: 'email' },
  // The number without +91 (the check wants 10 digits): `tel-national`, which HTML allows on a text
  // field only (a tel field takes the full `tel`); inputMode still brings up the phone keypad.
  { name: 'phone', label: text('checkoutPage.field.phone'), required: true, autoComplete: 'tel-national' },
  {
    name: 'address1',
    label: text('checkoutPage.field.address1'),
    required: true,
    autoComplete: 'address-line1',
    wide: true,
  },
  {
    name: 'address2',
    label: text('checkoutPage.field.address2'),
    required: false,
    autoComplete: 'address-line2',
    wide: true,
  },
  { name: 'pincode', label: text('checkoutPage.field.pincode'), required: true, autoComplete: 'postal-code' },
  { name: 'city', label: text('checkoutPage.field.city'), required: false, autoComplete: 'address-level2' },
  { name: 'state', label: text('checkoutPage.field.state'), required: false, autoComplete: 'address-level1' },
];

/** Digits only, at most six: what the pincode field keeps of what is typed or pasted. */
const pincodeDigits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/**
 * The delivery address. Fields are read from the form when it is sent; the pincode is also
 * reported as it changes (shipping is re-quoted and deliverability checked for it), and a pincode
 * we cannot deliver to is said at the field itself.
 */
export function DeliveryFields({
  form,
  onPincode,
  pincodeProblem,
}: {
  form: SchemaForm;
  onPincode: (pincode: string) => void;
  pincodeProblem: string | undefined;
}) {
  return (
    <fieldset className="checkout__section card">
      <legend>{text('checkoutPage.deliveryAddress')}</legend>
      <p className="checkout__hint">{text('checkoutPage.fieldsMarkedAreRequired')}</p>
      <div className="checkout__fields">
        {FIELDS.map((field) => (
          <Fragment key={field.name}>
            <Field
              field={field}
              form={form}
              onPincode={onPincode}
              problem={field.name === 'pincode' ? pincodeProblem : undefined}
            />
            {/* Beside the phone it is about (issue 33 §4). */}
            {field.name === 'phone' && publicEnv.WHATSAPP_UPDATES && <WhatsAppConsent id={`${form.id}-whatsapp`} />}
          </Fragment>
        ))}
        <GstinField form={form} />
      </div>
    </fieldset>
  );
}

/** The names of the consent's checkbox and language in the form, read when the order is placed. */
const WHATSAPP_FIELD = 'whatsappUpdates';
const WHATSAPP_LANGUAGE_FIELD = 'whatsappLanguage';

/** What the request says of WhatsApp: nothing unless the box is ticked, then the language chosen. */
export function whatsappChoice(form: HTMLFormElement): { whatsappUpdates?: true; whatsappLanguage?: WhatsAppLanguage } {
  const data = new FormData(form);
  if (data.get(WHATSAPP_FIELD) !== 'on') return {};
  const language = WHATSAPP_LANGUAGES.find((code) => code === data.get(WHATSAPP_LANGUAGE_FIELD)) ?? 'en';
  return { whatsappUpdates: true, whatsappLanguage: language };
}

/**
 * Beside the phone: order updates on WhatsApp, only when the shopper ticks it (unticked at first);
 * once ticked, the messages' language (docs/shop-rules.md §8).
 */
function WhatsAppConsent({ id }: { id: string }) {
  const box = useRef<HTMLInputElement>(null);
  const [ticked, setTicked] = useState(false);
  // A box ticked before the page was live (decision 015) shows its choice once it is.
  useEffect(() => setTicked(box.current?.checked === true), []);
  return (
    <div className="checkout__consent checkout__field--wide">
      <input
        ref={box}
        id={id}
        type="checkbox"
        name={WHATSAPP_FIELD}
        aria-describedby={`${id}-note`}
        onChange={(event) => setTicked(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{text('whatsapp.consent')}</label>
      <p id={`${id}-note`} className="checkout__hint">
        {text('whatsapp.consentNote')}
      </p>
      {ticked && (
        <fieldset className="checkout__language">
          <legend>{text('whatsapp.language')}</legend>
          {WHATSAPP_LANGUAGES.map((language) => (
            <label key={language}>
              <input type="radio" name={WHATSAPP_LANGUAGE_FIELD} value={language} defaultChecked={language === 'en'} />
              <span lang={language}>{text(`whatsapp.languages.${language}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function Field({
  field,
  form,
  onPincode,
  problem,
}: {
  field: FieldSpec;
  form: SchemaForm;
  onPincode: (pincode: string) => void;
  problem: string | undefined;
}) {
  const props = form.field(field.name);
  const problemId = `${props.id}-delivery`;
  return (
    <div className={`checkout__field${field.wide ? ' checkout__field--wide' : ''}`}>
      <label htmlFor={props.id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        {...props}
        type={field.type ?? 'text'}
        required={field.required}
        autoComplete={field.autoComplete}
        {...(field.name === 'phone' ? { inputMode: 'tel' as const } : {})}
        {...(field.name === 'pincode'
          ? {
              inputMode: 'numeric' as const,
              maxLength: 6,
              pattern: '[0-9]{6}',
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                const digits = pincodeDigits(event.target.value);
                if (event.target.value !== digits) event.target.value = digits;
                onPincode(digits);
              },
              ...(problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {}),
            }
          : {})}
      />
      {problem && (
        <p id={problemId} className="checkout__field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
