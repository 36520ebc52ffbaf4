import { AdminPlansPage } from '@/features/plans/pages/admin-plans-page';
import { useBusinessSettings } from '@/features/settings/pages/business-settings-cards';

/**
 * /admin/plans: the plan catalogue, with the notice of a new price from Settings (which the
 * "Move subscribers" confirmation states): it draws two features, so it lives in app/.
 */
export function PlansPage() {
  const { data } = useBusinessSettings();
  const days = data?.priceChangeNoticeDays ?? 30;
  return <AdminPlansPage noticeDays={`${days} ${days === 1 ? 'day' : 'days'}`} />;
}
