import { toast } from '@/components/ui/use-toast';

/**
 * Copies text and says so (spec section 8): 'Copied!' / '{label} copied to clipboard', or
 * 'Copy failed' / 'Failed to copy to clipboard' when the browser refuses.
 */
export async function copyToClipboard(text: string, label: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied!', description: `${label} copied to clipboard` });
    return true;
  } catch {
    toast({
      title: 'Copy failed',
      description: 'Failed to copy to clipboard',
      variant: 'destructive',
    });
    return false;
  }
}
