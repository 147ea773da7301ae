import { PageFrame } from '../ui/PageFrame';

export default function OnboardingPage() {
  return (
    <PageFrame title="Let's get you set up" testId="onboarding-page">
      <p>Choose how the site finds streams for you.</p>
    </PageFrame>
  );
}
