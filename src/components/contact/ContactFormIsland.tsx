/**
 * The contact form. Server-rendered it is a plain <form method="post"> that works without
 * JavaScript; hydrated it validates in the browser with the shared rules, posts JSON and shows
 * SPEC §4's states in place. No form library: the rules live in ~/lib/contact-form.ts.
 */
import { useEffect, useRef, useState, type ChangeEvent, type SubmitEvent, type ReactNode } from 'react';
import {
  checkRateLimit,
  elapsedOnForm,
  emptyContactValues,
  formShownAt,
  helpTypes,
  listingField,
  newSubmissionId,
  rateLimitKey,
  sendTimeoutMs,
  spamTrap,
  statusText,
  submissionField,
  textingConsent,
  validateContact,
  type ContactField,
  type ContactValues,
  type FieldErrors,
  type FormStatus,
  type RateLimitEntry,
} from '#src/lib/contact-form.ts';
import { withErrorBoundary } from '#src/components/ui/ErrorBoundary.tsx';
import { typedBeforeHydration } from '#src/lib/typed-before-hydration.ts';

export interface Props {
  agentName: string;
  /** Where the plain HTML form posts (it gets the form page back). */
  action: string;
  /** Where the island posts JSON. */
  endpoint: string;
  initialValues?: ContactValues | undefined;
  initialErrors?: FieldErrors | undefined;
  initialStatus?: FormStatus | undefined;
  /**
   * On a listing page: the home to see; its ListingKey is sent with the message. `button` and
   * `name` (the form's accessible name) when it asks for no showing (a home under contract, or
   * one not on the market yet).
   */
  listing?: { key: string; address: string; button?: string; name?: string } | undefined;
}

// SPEC §9 keeps the count in browser memory, per page view; the server keeps its own.
const submissions = new Map<string, RateLimitEntry>();

const fields = Object.keys(emptyContactValues) as ContactField[];

const ids = {
  status: 'contact-status',
  consent: 'contact-phone-consent',
  field: (field: ContactField) => `contact-${field}`,
  error: (field: ContactField) => `contact-${field}-error`,
};

const toneClass: Record<FormStatus['tone'], string> = {
  error: 'text-red-700',
  success: 'text-green-700',
  info: 'text-ink-soft',
};

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-700 aria-invalid:border-red-700';

const fieldIds = Object.fromEntries(fields.map((f) => [f, ids.field(f)])) as Record<ContactField, string>;

function firstInvalid(errors: FieldErrors): ContactField | undefined {
  return fields.find((field) => errors[field]);
}

function ContactFormIsland({
  agentName,
  action,
  endpoint,
  initialValues,
  initialErrors,
  initialStatus,
  listing,
}: Props) {
  // Keystrokes made before hydration are in the HTML fields only: they are read as the island
  // first renders, before React hydrates the fields. Read later, a text area's would be gone: on
  // hydration React puts its rendered text back (a home's or a search's prefilled message).
  const [values, setValues] = useState<ContactValues>(() => ({
    ...(initialValues ?? emptyContactValues),
    ...typedBeforeHydration(fieldIds),
  }));
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  const [status, setStatus] = useState<FormStatus | undefined>(initialStatus);
  const [enhanced, setEnhanced] = useState(false);
  // A server-rendered answer (no JavaScript) puts the cursor where the visitor has to act.
  const [autoFocus] = useState(() => firstInvalid(initialErrors ?? {}) ?? (initialStatus ? 'status' : undefined));
  const form = useRef<HTMLFormElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  /** When the form appeared (performance clock); restarted by each successful send. */
  const shownAt = useRef(0);
  /** The message last sent and its name (submissionField), until it is answered 'Message sent!'. */
  const lastTry = useRef<{ content: string; id: string }>(undefined);

  useEffect(() => {
    // From the page's arrival, not from now: the visitor may have been typing for a while.
    shownAt.current = formShownAt(
      performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined,
    );
    // The island hydrates on the first interaction, so the visitor may type on while it renders:
    // what reached the inputs and the select after the read above is taken over here, or the
    // next render would put the state's values back over it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- after hydration on purpose: the first render must match the server's HTML
    setValues((current) => ({ ...current, ...typedBeforeHydration(fieldIds) }));
    // From here on the shared rules give SPEC's messages; without JavaScript the browser's own checks apply.
    setEnhanced(true);
  }, []);

  const sending = status?.text === statusText.sending;

  const edit =
    (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      // What is typed while the message goes would not be in it, and the form empties once it is sent.
      if (sending) return;
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => {
        if (!current[field]) return current;
        const next = { ...current };
        delete next[field];
        return next;
      });
    };

  /** Shows a status line; with field errors, also those (replacing any earlier ones). */
  function show(next: FormStatus, fieldErrors?: FieldErrors) {
    setStatus(next);
    if (fieldErrors) setErrors(fieldErrors);
    const field = fieldErrors && firstInvalid(fieldErrors);
    // Focus moves after React has rendered the messages, so they are read with the field.
    requestAnimationFrame(() => {
      if (field) form.current?.querySelector<HTMLElement>(`#${ids.field(field)}`)?.focus();
      else if (next.tone !== 'info') statusLine.current?.focus();
    });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const key = rateLimitKey(values.email);
    const decision = checkRateLimit(submissions.get(key), Date.now());
    if (!decision.allowed) return show({ tone: 'error', text: statusText.rateLimited });
    const result = validateContact(values);
    // A form sent back with field errors is not a submission (nor is it on the server): the corrected try goes.
    if (!result.ok) return show({ tone: 'error', text: statusText.invalid }, result.errors);
    // Counted as it goes, and uncounted if it does not get through: a visitor whose connection
    // failed three times could not send a fourth time, their lead lost.
    const counted = submissions.get(key);
    submissions.set(key, decision.entry);
    const uncount = () => (counted ? submissions.set(key, counted) : submissions.delete(key));

    // The same message sent again (its answer was lost) goes under the same name; a changed one is new.
    const content = JSON.stringify([values, listing?.key]);
    if (lastTry.current?.content !== content) lastTry.current = { content, id: newSubmissionId() };

    setErrors({});
    setStatus({ tone: 'info', text: statusText.sending });
    const honeypot = form.current?.elements.namedItem(spamTrap.honeypotField);
    const timeout = new AbortController();
    const timer = window.setTimeout(() => timeout.abort(), sendTimeoutMs);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        signal: timeout.signal,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          ...values,
          [spamTrap.honeypotField]: honeypot instanceof HTMLInputElement ? honeypot.value : '',
          [spamTrap.elapsedField]: elapsedOnForm(shownAt.current, performance.now()),
          ...(listing ? { [listingField]: listing.key } : {}),
          [submissionField]: lastTry.current.id,
        }),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        ok?: unknown;
        message?: string;
        errors?: FieldErrors;
      };
      // Sent only when our server says it stored it: a 200 from anything else (a proxy's or a
      // captive portal's page) must not empty the form of a message that went nowhere.
      if (response.ok && answer.ok === true) {
        setValues(emptyContactValues);
        lastTry.current = undefined;
        // The empty form is a new form: the next message is timed from this moment.
        shownAt.current = performance.now();
        return show({ tone: 'success', text: statusText.sent }, {});
      }
      if (response.status === 429) return show({ tone: 'error', text: statusText.rateLimited });
      uncount();
      if (response.status === 422 && answer.errors) {
        return show({ tone: 'error', text: statusText.invalid }, answer.errors);
      }
      const said = !response.ok && typeof answer.message === 'string' ? answer.message : '';
      show({ tone: 'error', text: said || statusText.failed });
    } catch {
      uncount();
      show({ tone: 'error', text: timeout.signal.aborted ? statusText.noAnswer : statusText.failed });
    } finally {
      window.clearTimeout(timer);
    }
  }

  const field = (
    name: ContactField,
    label: string,
    control: (props: {
      id: string;
      name: ContactField;
      value: string;
      onChange: ReturnType<typeof edit>;
      'aria-invalid': boolean;
      'aria-describedby'?: string;
      autoFocus: boolean;
      className: string;
      readOnly: boolean;
    }) => ReactNode,
    options: { required?: boolean; describedBy?: string } = {},
  ) => {
    const error = errors[name];
    const describedBy = [error ? ids.error(name) : undefined, options.describedBy].filter(Boolean).join(' ');
    return (
      <div>
        <label htmlFor={ids.field(name)} className="block text-sm font-semibold text-ink">
          {label}
          {options.required && (
            <span aria-hidden="true" className="ml-0.5 text-brand-700">
              *
            </span>
          )}
        </label>
        {control({
          id: ids.field(name),
          name,
          value: values[name],
          onChange: edit(name),
          'aria-invalid': Boolean(error),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          autoFocus: autoFocus === name,
          className: inputClass,
          // Locked, and said to be, while the message goes: what is typed then would not be in it.
          readOnly: sending,
        })}
        {error && (
          <p id={ids.error(name)} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      ref={form}
      method="post"
      action={action}
      noValidate={enhanced}
      onSubmit={(event) => void submit(event)}
      aria-label={listing ? (listing.name ?? `Request a showing of ${listing.address}`) : 'Send a message'}
      className="relative grid gap-5"
    >
      {listing && <input type="hidden" name={listingField} value={listing.key} />}
      <div>
        <p className="text-sm text-ink-soft">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        {/* Always in the page, even empty, so screen readers announce each new status. */}
        <p
          ref={statusLine}
          id={ids.status}
          role="status"
          aria-live="polite"
          tabIndex={-1}
          // The answer page moves the focus to its result line, so a screen reader announces it.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- that is the point, on the no-JavaScript answer pages only
          autoFocus={autoFocus === 'status'}
          className={`mt-2 font-semibold empty:mt-0 focus:outline-none ${status ? toneClass[status.tone] : ''}`}
        >
          {status?.text}
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {field(
          'firstName',
          'First name',
          (p) => (
            <input {...p} type="text" autoComplete="given-name" required />
          ),
          {
            required: true,
          },
        )}
        {field(
          'lastName',
          'Last name',
          (p) => (
            <input {...p} type="text" autoComplete="family-name" required />
          ),
          {
            required: true,
          },
        )}
      </div>
      {field(
        'email',
        'Email',
        (p) => (
          <input {...p} type="email" autoComplete="email" required />
        ),
        { required: true },
      )}
      {field(
        'phone',
        'Phone (optional)',
        (p) => (
          <input {...p} type="tel" autoComplete="tel" />
        ),
        {
          describedBy: ids.consent,
        },
      )}
      {/* The consent sentence alone describes the phone field; the privacy link follows it on its line. */}
      <p className="-mt-3 text-xs leading-relaxed text-ink-soft">
        <span id={ids.consent}>{textingConsent(agentName)}</span> See the{' '}
        <a className="link" href="/privacy">
          privacy policy
        </a>
        .
      </p>
      {field('helpType', 'How can I help?', ({ readOnly, ...p }) => (
        // A <select> cannot be read-only: edit() refuses the change, and it says so.
        <select {...p} aria-readonly={readOnly || undefined}>
          {helpTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      ))}
      {field(
        'message',
        'Message',
        (p) => (
          <textarea {...p} rows={5} required />
        ),
        { required: true },
      )}
      {/* Only bots fill this in: people never see it and it is out of the tab order. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" name={spamTrap.honeypotField} tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <button type="submit" className="btn-primary w-full sm:w-auto" aria-disabled={sending}>
          {listing ? (listing.button ?? 'Request a Showing') : 'Send Message'}
        </button>
      </div>
    </form>
  );
}

export default withErrorBoundary(ContactFormIsland);
