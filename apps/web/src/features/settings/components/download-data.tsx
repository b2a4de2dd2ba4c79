import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { api } from '@/lib/api-client.ts';
import { useMe } from '@/lib/current-user.ts';
import { toast } from '@/lib/toast.ts';

/** A large account's file takes a while to write. */
const EXPORT_TIMEOUT_MS = 120_000;

/** Saves `text` as a file named `name`, as a download. */
function save(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** "Download your data": the account's export (decision 029), saved as a JSON file. */
export function DownloadData() {
  const me = useMe();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      const data = await api.call('exportMyData', { timeout: EXPORT_TIMEOUT_MS });
      save(
        `paddock-${me.data?.username ?? 'account'}-${data.exported_at.slice(0, 10)}.json`,
        JSON.stringify(data, null, 2),
      );
      toast.success('Your data is downloaded.');
    } catch {
      toast.error('Your data could not be prepared. Please try again.');
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        A copy of everything you wrote and chose on Paddock, as one JSON file: your profile, reviews, comments, race
        thoughts, likes, follows, blocks, mutes, watchlists, starred drivers and watched races.
      </p>
      <Button variant="outline" className="w-fit" disabled={pending} onClick={() => void download()}>
        <DownloadIcon aria-hidden />
        {pending ? 'Preparing your file…' : 'Download your data'}
      </Button>
    </div>
  );
}
