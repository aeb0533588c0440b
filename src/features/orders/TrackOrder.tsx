import { useEffect, useRef, useState } from 'react';
import { FieldError, useSchemaForm } from '../../components/form/index.ts';
import type { TrackView } from '../../shop/schemas/index.ts';
import { text } from '../../shop/texts/order-pages.ts';
import { trackOrder } from './api.ts';
import { formatOrderTime } from './format.ts';
import { OrderDetails } from './OrderDetails.tsx';

type Answer =
  | { kind: 'found'; order: TrackView }
  /** The server's one answer for any mismatch (`forms.trackNotFound`), or its refusal. */
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

/**
 * /track: order id and the phone used at checkout, checked by the server (POST /api/track). A
 * match shows the order's timeline, lines and totals with the address cut to city and pincode.
 */
export function TrackOrder() {
  const [answer, setAnswer] = useState<Answer>();
  const form = useSchemaForm({
    schema: (schemas) => schemas.trackRequestSchema,
    onValid: async (request) => {
      const result = await trackOrder(request);
      if (result.ok) {
        setAnswer({ kind: 'found', order: result.data });
        return 'success';
      }
      setAnswer(result.kind === 'refused' ? { kind: 'refused', message: result.message } : { kind: 'unreachable' });
      return result.kind === 'refused' ? 'idle' : 'error';
    },
    onInvalid: () => setAnswer(undefined),
  });
  const { id, status, field } = form;

  return (
    <>
      <form className="track-form card" onSubmit={form.onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{text('track.findYourOrder')}</h2>
        <div className="form-field">
          <label htmlFor={field('orderId').id}>{text('track.orderId')}</label>
          <input
            {...field('orderId')}
            type="text"
            required
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={text('track.ouo1234567890123')}
          />
          <FieldError form={form} name="orderId" />
        </div>
        <div className="form-field">
          <label htmlFor={field('phone').id}>{text('track.phoneNumberUsedAt')}</label>
          <input {...field('phone')} type="tel" required maxLength={20} autoComplete="tel" inputMode="tel" />
          <FieldError form={form} name="phone" />
        </div>
        <button type="submit" className="button" disabled={status === 'submitting'}>
          {status === 'submitting' ? text('track.submitting') : text('track.submit')}
        </button>
      </form>
      <div className="track-result">
        {answer?.kind === 'refused' && (
          <p className="form-status__message form-status__message--bad" role="alert">
            {answer.message}
          </p>
        )}
        {answer?.kind === 'unreachable' && (
          <p className="form-status__message form-status__message--bad" role="alert">
            {text('track.unreachable')}
          </p>
        )}
        {answer?.kind === 'found' && <TrackedOrder key={answer.order.orderId} order={answer.order} />}
      </div>
    </>
  );
}

/** The order found, with focus on its heading so a screen reader and a phone's view both go to it. */
function TrackedOrder({ order }: { order: TrackView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const place = [order.address.city, order.address.pincode].filter(Boolean).join(' ');
  return (
    <article className="tracked-order" aria-labelledby="tracked-order-title">
      <h2 id="tracked-order-title" ref={heading} tabIndex={-1}>
        {text('track.order')} {order.orderId}
      </h2>
      <p className="order-page__meta">
        {text('track.placed')} <time dateTime={order.placedAt}>{formatOrderTime(order.placedAt)}</time>{' '}
        {text('track.deliveringTo')} {place}
      </p>
      <OrderDetails order={order} />
    </article>
  );
}
