import { PageFrame } from '../ui/PageFrame';

export default function RegisterPage() {
  return (
    <PageFrame title="Create an account" testId="register-page">
      <p>Sync your bookmarks and progress across devices.</p>
    </PageFrame>
  );
}
