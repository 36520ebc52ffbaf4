import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrentUserSchema, type UpdateProfile } from '@shared/schemas/profile';
import { apiSend } from '@/lib/api-request';
import { userQueryOptions } from '@/features/auth/public';

/** PATCH /api/auth/user: answers the client as saved. */
export function updateProfile(changes: UpdateProfile) {
  return apiSend('PATCH', '/api/auth/user', CurrentUserSchema, changes);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Spec section 8: this text, whatever the server said.
    meta: {
      error: {
        title: 'Update Failed',
        fallback: 'Failed to update your profile. Please try again.',
        serverMessage: false,
      },
    },
    // Spec: the user is refetched after a successful save.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
