/**
 * About: every product claim (25Hz, four constellations, 7-hour battery, 32GB, sector breakdowns,
 * leaderboards), founded in 2023, values, keep in touch (e-mail, social networks) and the two PDFs.
 */
import { Anchor, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { version } from '../../../package.json';
import { CONTACT_EMAIL, PRIVACY_POLICY_PDF, SOCIAL_LINKS, USER_MANUAL_PDF } from './links';
// Registers the area's texts before it renders.
import './i18n';

const FEATURES = ['rate', 'constellations', 'battery', 'memory', 'sectors', 'leaderboards'] as const;
const VALUES = ['precision', 'simplicity', 'openness', 'community'] as const;

export function AboutPage() {
  const { t } = useTranslation('public');
  return (
    <Container size="md" py="lg">
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('about.title')}</Title>
          <Text size="lg">{t('about.intro')}</Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-features">
          <Title order={2} id="about-features">
            {t('about.featuresTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {FEATURES.map((f) => (
              <Card key={f} withBorder padding="md" data-feature={f}>
                <Text fw={700}>{t(`about.features.${f}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`about.features.${f}Text`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-company">
          <Title order={2} id="about-company">
            {t('about.companyTitle')}
          </Title>
          <Text>{t('about.company')}</Text>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-values">
          <Title order={2} id="about-values">
            {t('about.valuesTitle')}
          </Title>
          <List spacing="xs">
            {VALUES.map((v) => (
              <List.Item key={v}>{t(`about.values.${v}`)}</List.Item>
            ))}
          </List>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-documents">
          <Title order={2} id="about-documents">
            {t('about.documentsTitle')}
          </Title>
          <Group>
            <Anchor href={USER_MANUAL_PDF} target="_blank" rel="noopener" data-testid="manual-link">
              {t('about.manual')}
            </Anchor>
            <Anchor href={PRIVACY_POLICY_PDF} target="_blank" rel="noopener" data-testid="privacy-link">
              {t('about.privacy')}
            </Anchor>
          </Group>
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="about-contact">
          <Title order={2} id="about-contact">
            {t('about.keepInTouchTitle')}
          </Title>
          <Text>{t('about.keepInTouch')}</Text>
          <Anchor href={`mailto:${CONTACT_EMAIL}`} data-testid="email-link">
            {t('about.email')}: {CONTACT_EMAIL}
          </Anchor>
          <Text fw={600}>{t('about.social')}</Text>
          <Group>
            {SOCIAL_LINKS.map((s) => (
              <Anchor key={s.name} href={s.href} target="_blank" rel="noopener noreferrer">
                {s.name}
              </Anchor>
            ))}
          </Group>
        </Stack>

        <Text size="xs" c="dimmed">
          {t('about.version', { version })}
        </Text>
      </Stack>
    </Container>
  );
}
