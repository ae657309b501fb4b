/** A labelled number input with an optional unit before or after it and a hint line of fixed height. */
interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  step: number;
  /** Shown inside the field before the value, e.g. "$". */
  prefix?: string;
  /** Shown inside the field after the value, e.g. "%". */
  suffix?: string;
  hint?: string | undefined;
}

export default function NumberField({ id, label, value, onChange, step, prefix, suffix, hint }: Props) {
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative mt-1">
        {prefix && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-ink-soft"
          >
            {prefix}
          </span>
        )}
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          // Any figure is read (SPEC: what is not a number counts as 0), so none is invalid; a value
          // off the arrow keys' step (a price of 349,900) was announced "invalid entry" without it.
          aria-invalid={false}
          aria-describedby={hint ? hintId : undefined}
          className={`block h-11 w-full rounded-md border border-slate-500 bg-white text-base text-ink tabular-nums focus:border-brand-700 ${prefix ? 'pl-7' : 'pl-3'} ${suffix ? 'pr-9' : 'pr-3'}`}
        />
        {suffix && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-ink-soft"
          >
            {suffix}
          </span>
        )}
      </div>
      {hint !== undefined && (
        <p id={hintId} className="mt-1 min-h-5 text-sm text-ink-soft">
          {hint}
        </p>
      )}
    </div>
  );
}
