import { AlertCircle } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <div className="p-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="h-8 w-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
          <p className="mt-6 text-sm">
            <a
              href={paths.home()}
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              Go to the home page
            </a>
          </p>
        </div>
      </Card>
    </main>
  );
}
