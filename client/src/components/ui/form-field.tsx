import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { Input } from './input';
import { Label } from './label';
import { NativeSelect } from './native-select';
import { Textarea } from './textarea';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A label, a control, a hint and the validation message, tied together for screen readers
 * (aria-invalid, aria-describedby).
 */
function Field({
  label,
  error,
  hint,
  id,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-2">
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input; works with react-hook-form's register(). */
export const FormField = forwardRef<
  HTMLInputElement,
  FieldProps & InputHTMLAttributes<HTMLInputElement>
>(({ label, error, hint, id, ...props }, ref) => (
  <Field label={label} error={error} hint={hint} id={id}>
    {(control) => <Input ref={ref} {...control} {...props} />}
  </Field>
));
FormField.displayName = 'FormField';

export const TextareaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(({ label, error, hint, id, ...props }, ref) => (
  <Field label={label} error={error} hint={hint} id={id}>
    {(control) => <Textarea ref={ref} {...control} {...props} />}
  </Field>
));
TextareaField.displayName = 'TextareaField';

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement>
>(({ label, error, hint, id, ...props }, ref) => (
  <Field label={label} error={error} hint={hint} id={id}>
    {(control) => <NativeSelect ref={ref} {...control} {...props} />}
  </Field>
));
SelectField.displayName = 'SelectField';

/** A checkbox with its label and a hint beside it, in a bordered row (a yes/no setting). */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; hint: ReactNode }
>(function CheckboxField({ label, hint, id, ...props }, ref) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <div className="flex items-start gap-3 rounded-md border p-3">
      <input
        ref={ref}
        id={controlId}
        type="checkbox"
        className="mt-1 h-4 w-4 accent-primary"
        aria-describedby={`${controlId}-hint`}
        {...props}
      />
      <div>
        <label htmlFor={controlId} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${controlId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
});
