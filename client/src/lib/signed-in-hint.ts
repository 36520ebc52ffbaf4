import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';

/** Whether the browser holds the server's "probably signed in" hint cookie (it grants nothing). */
export function hasSignedInHint(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))
  );
}
