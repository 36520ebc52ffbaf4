import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

/** "First name" and "Last name" side by side (stacked on a phone), for a new admin account. */
export function NameFields<Form extends { firstName: string; lastName: string }>({
  register,
  errors,
}: {
  register: UseFormRegister<Form>;
  errors: FieldErrors<{ firstName: string; lastName: string }>;
}) {
  const reg = register as unknown as UseFormRegister<{ firstName: string; lastName: string }>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...reg('firstName')}
      />
      <FormField
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...reg('lastName')}
      />
    </div>
  );
}
