import { PageFrame } from '../ui/PageFrame';

export default function MigrationPage() {
  return (
    <PageFrame title="Migrate your account" testId="migration-page">
      <p>Move your data to another server, or export it to a file.</p>
    </PageFrame>
  );
}
