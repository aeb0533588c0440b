import { useState } from 'react';
import type { SchemaForm } from '../../components/form/index.ts';
import { text } from '../../shop/texts/checkout.ts';

/**
 * The GSTIN of a business purchase (issue 35, docs/shop-rules.md §5), optional, after the delivery
 * fields. It is checked with the rest of the form when Place Order is pressed (`checkoutFormSchema`),
 * and what is wrong with it is said in the toast, as every checkout message is; it also stays under
 * the field until the shopper types in it again, so a 15-character code is put right with its
 * message in view. A code, not words: no autofill, no spelling check, capitals on a phone's keyboard.
 */
export function GstinField({ form }: { form: SchemaForm }) {
  const props = form.field('gstin');
  // The field errors of the last Place Order are a new object each time: typing after one hides its
  // message, the next Place Order shows what is wrong then.
  const [typedAfter, setTypedAfter] = useState<object>();
  const problem = typedAfter === form.errors ? undefined : form.errors.gstin;
  const hintId = `${props.id}-hint`;
  const problemId = `${props.id}-problem`;
  return (
    <div className="checkout__field checkout__field--wide">
      <label htmlFor={props.id}>{text('gstin.label')}</label>
      <input
        {...props}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        onInput={() => setTypedAfter(form.errors)}
      />
      <p id={hintId} className="checkout__hint checkout__field-hint">
        {text('gstin.hint')}
      </p>
      {problem && (
        <p id={problemId} className="checkout__field-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
