import { useRef } from 'react';
import { useKeepInView } from '../../hooks/use-keep-in-view.ts';
import type { FormStatus as Status } from './use-schema-form.ts';

/**
 * The line under a form's button that says how the submission ended, announced politely and
 * scrolled into view when it appears. `reveal: false` leaves the scroll alone for a form that moves
 * the page itself (the review form goes to the top and says thank you in a toast there).
 */
export function FormStatus({
  status,
  success,
  error,
  reveal = true,
}: {
  status: Status;
  success: string;
  error: string;
  reveal?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const message = status === 'success' ? success : status === 'error' ? error : undefined;
  useKeepInView(ref, reveal ? message : undefined);
  return (
    <div ref={ref} aria-live="polite" className="form-status">
      {message && (
        <p className={`form-status__message form-status__message--${status === 'success' ? 'good' : 'bad'}`}>
          {message}
        </p>
      )}
    </div>
  );
}
