import { Button } from '@/components/ui/button';
import { PendingScreen } from '@/components/pending-screen';

export function LandingPage() {
  return (
    <div className="min-h-screen bg-gradient-to-br from-[#0b3b4f] via-[#0e7490] to-[#f4d8a8]">
      <header className="mx-auto flex max-w-6xl items-center justify-end gap-3 px-4 py-4">
        <Button asChild variant="secondary">
          <a href="/api/auth/login">Client Portal</a>
        </Button>
      </header>
      <main id="main-content" className="mx-auto max-w-3xl px-4 py-16 text-center text-white">
        <h1 className="font-display text-5xl font-bold">Where the Coast Meets the Code</h1>
        <div className="mt-10 rounded-lg bg-background/95 text-foreground">
          <PendingScreen title="Landing page" issue={3} />
        </div>
      </main>
      <footer className="pb-4 text-center">
        <a
          href="/admin"
          aria-label="Admin"
          className="inline-block h-2 w-2 rounded-full bg-white/10"
        />
      </footer>
    </div>
  );
}
