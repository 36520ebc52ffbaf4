import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';

/** "New password" and "Confirm new password", for the forms of the one-time links. */
export function NewPasswordFields<Form extends { password: string; confirmPassword: string }>({
  register,
  errors,
}: {
  register: UseFormRegister<Form>;
  errors: FieldErrors<{ password: string; confirmPassword: string }>;
}) {
  const reg = register as unknown as UseFormRegister<{ password: string; confirmPassword: string }>;
  return (
    <>
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...reg('password')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...reg('confirmPassword')}
      />
    </>
  );
}
