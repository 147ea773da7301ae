import { PageFrame } from '../ui/PageFrame';

export default function LoginPage() {
  return (
    <PageFrame title="Log in to your account" testId="login-page">
      <p>Use your passphrase to sync your bookmarks and progress.</p>
    </PageFrame>
  );
}
