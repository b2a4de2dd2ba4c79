import { PageSection } from '@/components/page-section.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { DeleteAccount } from '../components/delete-account.tsx';
import { DownloadData } from '../components/download-data.tsx';
import { RelationList } from '../components/relation-list.tsx';

/** /settings (signed in): the accounts the member blocked and muted (decision 028), and their data (029), and deleting the account (032). */
export function SettingsRoute() {
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-8">
      <PageHeader title="Settings" description="Who you see, and who sees you." />
      <PageSection id="blocked" title="Blocked accounts">
        <RelationList kind="block" />
      </PageSection>
      <PageSection id="muted" title="Muted accounts">
        <RelationList kind="mute" />
      </PageSection>
      <PageSection id="data" title="Your data">
        <DownloadData />
      </PageSection>
      <PageSection id="delete" title="Delete account">
        <DeleteAccount />
      </PageSection>
    </div>
  );
}
