/** /about, /support, /dmca, /jip (docs/behaviour.md#routes-table). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useRuntime } from '../remotes';
import { ButtonLink, Page, usePageTitle } from '../ui';

const Faq = styled.dl`
  dt {
    font-weight: 700;
    margin-top: 1.5rem;
  }
  dd {
    margin: 0.4rem 0 0;
    color: ${(p) => p.theme.colors.textDim};
  }
`;

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('pageTitles.about'));
  return (
    <Page $narrow data-testid="about-page">
      <h1>{t('about.title')}</h1>
      <p>{t('about.intro')}</p>
      <Faq>
        {(['1', '2', '3'] as const).map((n) => (
          <div key={n}>
            <dt>{t(`about.q${n}`)}</dt>
            <dd>{t(`about.a${n}`)}</dd>
          </div>
        ))}
      </Faq>
    </Page>
  );
}

export function SupportPage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  usePageTitle(t('pageTitles.support'));
  return (
    <Page $narrow data-testid="support-page">
      <h1>{t('support.title')}</h1>
      <p>{t('support.intro')}</p>
      <ol>
        <li>{t('support.tip1')}</li>
        <li>{t('support.tip2')}</li>
        <li>{t('support.tip3')}</li>
      </ol>
      {config.communityChatUrl && (
        <ButtonLink href={config.communityChatUrl} target="_blank" rel="noreferrer">
          {t('support.chat')}
        </ButtonLink>
      )}
    </Page>
  );
}

export function DmcaPage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  usePageTitle(t('pageTitles.dmca'));
  return (
    <Page $narrow data-testid="dmca-page">
      <h1>{t('dmca.title')}</h1>
      <p>{t('dmca.text')}</p>
      {config.dmcaEmail ? (
        <p>
          <a href={`mailto:${config.dmcaEmail}`}>{config.dmcaEmail}</a>
        </p>
      ) : (
        <p>{t('dmca.contactMissing')}</p>
      )}
    </Page>
  );
}

export function JipPage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  usePageTitle(t('pageTitles.jip'));
  return (
    <Page $narrow data-testid="jip-page">
      <h1>{t('jip.title')}</h1>
      <p>{t('jip.text')}</p>
      <ButtonLink href={config.authorProfileUrl} target="_blank" rel="noopener noreferrer">
        {t('jip.button')}
      </ButtonLink>
    </Page>
  );
}
