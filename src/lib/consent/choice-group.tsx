/**
 * A question answered by radios or checkboxes, as a fieldset whose legend
 * is the question. Its error sits under the legend and is tied to the group,
 * so a screen reader reads it with the question. Real inputs: arrow keys,
 * Space and Tab work as people expect.
 */
import type { ReactNode } from 'react';

interface ChoiceGroupProps<T extends string | number> {
  /** Field name; also the base of the ids the 'Consent Required' notice links to. */
  name: string;
  legend: ReactNode;
  type: 'radio' | 'checkbox';
  options: readonly T[];
  labelOf?: (option: T) => string;
  isChecked: (option: T) => boolean;
  onToggle: (option: T, checked: boolean) => void;
  error?: string;
  hint?: string;
}

export const fieldId = (name: string) => `consent-${name}`;

export function ChoiceGroup<T extends string | number>(props: ChoiceGroupProps<T>) {
  const { name, legend, type, options, labelOf = String, isChecked, onToggle, error, hint } = props;
  const id = fieldId(name);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`choice-group${error ? ' form-field-error' : ''}`}
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className={`choices choices-${type}`}>
        {options.map((option) => {
          const optionId = `${id}-${String(option).replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
          return (
            <div className="choice" key={String(option)}>
              <input
                type={type}
                id={optionId}
                name={name}
                value={String(option)}
                checked={isChecked(option)}
                onChange={(e) => onToggle(option, e.target.checked)}
              />
              <label htmlFor={optionId}>{labelOf(option)}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** One consent tick box with its own label and error. */
export function ConsentCheckbox({
  name,
  checked,
  onChange,
  error,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  children: ReactNode;
}) {
  const id = fieldId(name);
  return (
    <div className={`consent-tick${error ? ' form-field-error' : ''}`}>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="choice">
        <input
          type="checkbox"
          id={id}
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{children}</label>
      </div>
    </div>
  );
}
