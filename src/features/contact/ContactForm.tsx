import { type FormEvent, useId, useState } from 'react';
import { track } from '../pixel/index.ts';
import { submitContactMessage } from '../reviews/index.ts';

export const CONTACT_TEXTS = {
  send: 'Send Message',
  sending: 'Sending...',
  success: "Thank you for your message! We'll get back to you soon.",
  error: 'Sorry, there was an error submitting your message. Please try again or email us directly.',
} as const;

type Fields = Record<'name' | 'email' | 'phone' | 'subject' | 'message' | 'website', string>;
type Status = 'idle' | 'submitting' | 'success' | 'error';

const EMPTY: Fields = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

/** The /contact message form: browser-native checks (SPEC §5), sent to /api/contact. */
export function ContactForm() {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [status, setStatus] = useState<Status>('idle');

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    setStatus('submitting');
    const { phone, ...rest } = fields;
    const result = await submitContactMessage({ ...rest, ...(phone.trim() ? { phone } : {}) });
    if (!result.ok) {
      console.warn('Contact message not sent:', result.message);
      setStatus('error');
      return;
    }
    setFields(EMPTY);
    setStatus('success');
    track('Lead');
  };

  const field = (name: keyof Fields) => ({
    id: `${id}-${name}`,
    name,
    value: fields[name],
    onChange: set(name),
  });

  return (
    <form className="contact-form card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send us a message</h2>
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>Full Name *</label>
          <input {...field('name')} type="text" autoComplete="name" required maxLength={100} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-email`}>Email Address *</label>
          <input {...field('email')} type="email" autoComplete="email" required maxLength={200} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-phone`}>Phone (optional)</label>
          <input {...field('phone')} type="tel" autoComplete="tel" placeholder="+91 XXXXX XXXXX" maxLength={20} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-subject`}>Subject *</label>
          <input {...field('subject')} type="text" required maxLength={150} />
        </div>
        <div className="form-field form-field--wide">
          <label htmlFor={`${id}-message`}>Message *</label>
          <textarea {...field('message')} rows={6} required maxLength={5000} />
        </div>
        <div className="visually-hidden">
          <label htmlFor={`${id}-website`}>Leave this field empty</label>
          <input {...field('website')} type="text" tabIndex={-1} autoComplete="off" />
        </div>
      </div>
      <button type="submit" className="button" disabled={status === 'submitting'}>
        {status === 'submitting' ? CONTACT_TEXTS.sending : CONTACT_TEXTS.send}
      </button>
      <div aria-live="polite" className="form-status">
        {status === 'success' && (
          <p className="form-status__message form-status__message--good">{CONTACT_TEXTS.success}</p>
        )}
        {status === 'error' && <p className="form-status__message form-status__message--bad">{CONTACT_TEXTS.error}</p>}
      </div>
    </form>
  );
}
