import { PageSection } from '@/components/page-section.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { DeleteAccount } from '../components/delete-account.tsx';
import { DownloadData } from '../components/download-data.tsx';
import { RelationList } from '../components/relation-list.tsx';
import { SpoilerShieldSetting } from '../components/spoiler-shield-setting.tsx';

/**
 * /settings (signed in): the spoiler shield (decision 033), the accounts the member blocked and muted (028), their
 * data (029), and deleting the account (032).
 */
export function SettingsRoute() {
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-8">
      <PageHeader title="Settings" description="Who you see, and who sees you." />
      <PageSection id="spoilers" title="Spoilers">
        <SpoilerShieldSetting />
      </PageSection>
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
