import { FieldError, FormStatus, useSchemaForm } from '../../components/form/index.ts';
import { text } from '../../shop/texts/contact-pages.ts';
import { track } from '../pixel/index.ts';
import { submitContactMessage } from './api.ts';

/**
 * The /contact message form, sent to /api/contact with its submission id (the same for a resend
 * of the same message). The browser's own checks (required, email) speak first (docs/shop-rules.md
 * §5); the schema the function parses catches the rest (a blank name of spaces, an address the
 * browser lets through) beside the field.
 */
export function ContactForm() {
  const form = useSchemaForm({
    schema: (schemas) => schemas.contactSubmissionSchema.omit({ submissionId: true }),
    onValid: async ({ phone, ...message }, element, submissionId) => {
      const result = await submitContactMessage({ ...message, ...(phone ? { phone } : {}), submissionId });
      if (!result.ok) {
        console.warn('Contact message not sent:', result.message);
        return 'error';
      }
      element.reset();
      track('Lead');
      return 'success';
    },
  });
  const { id, status, field } = form;

  return (
    <form className="contact-form card" onSubmit={form.onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text('contactPage.sendUsAMessage')}</h2>
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor={field('name').id}>{text('contactPage.fullName')}</label>
          <input {...field('name')} type="text" autoComplete="name" required maxLength={100} />
          <FieldError form={form} name="name" />
        </div>
        <div className="form-field">
          <label htmlFor={field('email').id}>{text('contactPage.emailAddress')}</label>
          <input {...field('email')} type="email" autoComplete="email" required maxLength={200} />
          <FieldError form={form} name="email" />
        </div>
        <div className="form-field">
          <label htmlFor={field('phone').id}>{text('contactPage.phoneOptional')}</label>
          <input
            {...field('phone')}
            type="tel"
            autoComplete="tel"
            placeholder={text('contactPage.n91XxxxxXxxxx')}
            maxLength={20}
          />
          <FieldError form={form} name="phone" />
        </div>
        <div className="form-field">
          <label htmlFor={field('subject').id}>{text('contactPage.subject')}</label>
          <input {...field('subject')} type="text" required maxLength={150} />
          <FieldError form={form} name="subject" />
        </div>
        <div className="form-field form-field--wide">
          <label htmlFor={field('message').id}>{text('contactPage.message')}</label>
          <textarea {...field('message')} rows={6} required maxLength={5000} />
          <FieldError form={form} name="message" />
        </div>
        <div className="visually-hidden">
          <label htmlFor={field('website').id}>{text('contactPage.leaveThisFieldEmpty')}</label>
          <input {...field('website')} type="text" tabIndex={-1} autoComplete="off" />
        </div>
      </div>
      <button type="submit" className="button" disabled={status === 'submitting'}>
        {status === 'submitting' ? text('contact.sending') : text('contact.send')}
      </button>
      <FormStatus status={status} success={text('contact.success')} error={text('contact.error')} />
    </form>
  );
}
