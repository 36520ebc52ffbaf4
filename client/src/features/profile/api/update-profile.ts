import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateProfile } from '@shared/schemas/profile';
import { apiRequest } from '@/lib/api-request';
import { userQueryOptions } from '@/features/auth/public';

/** PATCH /api/auth/user. */
export async function updateProfile(changes: UpdateProfile): Promise<CurrentUser> {
  const res = await apiRequest('PATCH', '/api/auth/user', changes);
  return (await res.json()) as CurrentUser;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Spec: the user is refetched after a successful save.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
