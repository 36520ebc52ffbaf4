import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BusinessSettingsForm } from '../components/business-settings-form';
import { LateFeesForm } from '../components/late-fees-form';
import { LogoUpload } from '../components/logo-upload';
import { ResponseTimesForm } from '../components/response-times-form';
import { UpdateAllowanceForm } from '../components/update-allowance-form';

/**
 * The business settings, for the Plans screen (the notice of a new price): from pages/ as the
 * cards are, since public.ts is in the landing page's first scripts and this brings zod.
 */
export { useBusinessSettings } from '../api/get-business-settings';

/**
 * The settings feature's cards on the admin's Settings screen (app/pages/settings-page.tsx):
 * the business's details, response times and the website updates each plan includes. app/
 * takes them from pages/ rather than public.ts because the landing page loads public.ts:
 * exported there, the forms would bring react-hook-form and zod into its first scripts.
 */
export function BusinessSettingsCards() {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Business Information</CardTitle>
          <CardDescription>
            Shown on the website, in the admin panel and in every e-mail.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <BusinessSettingsForm />
          <LogoUpload />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Response Times</CardTitle>
          <CardDescription>
            Support hours and how soon each plan&apos;s clients get an answer.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ResponseTimesForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Website Updates</CardTitle>
          <CardDescription>
            The updates each plan includes every month, and the price of one more.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <UpdateAllowanceForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Late Fees</CardTitle>
          <CardDescription>
            A fee on an invoice left unpaid past its due date and a grace period.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LateFeesForm />
        </CardContent>
      </Card>
    </>
  );
}
